import Foundation
import XCTest

@testable import EffectStore

/// `InlineHashable`, the 16 bytes `EffectID` keeps a small trivial value in: which types it holds, and that equality,
/// hashing and the value read back are the value's own, whether an id keeps its value inline or boxed.
final class InlineHashableTests: XCTestCase {
    private enum Search: Hashable, Sendable { case request, history }

    func test_holdsOnlySmallTrivialTypesAlignedToAtMost8() {
        XCTAssertNotNil(InlineHashable(Search.request), "an enum of ids")
        XCTAssertNotNil(InlineHashable(42))
        XCTAssertNotNil(InlineHashable(Padded(a: 1, b: 2)), "16 bytes, with padding")
        XCTAssertNotNil(InlineHashable(UUID()))
        XCTAssertNil(InlineHashable("request"), "a string is not trivial")
        XCTAssertNil(InlineHashable([1]), "an array is not trivial")
        XCTAssertNil(InlineHashable(Seventeen(a: 1, b: 2, c: 3)), "17 bytes is one too many")
        XCTAssertNil(
            InlineHashable(SIMD4<Float>(1, 2, 3, 4)), "aligned to 16: loaded from the bits, it would be misaligned")
    }

    func test_theValueReadBack_isTheValuePutIn() {
        let uuid = UUID()
        XCTAssertEqual(InlineHashable(uuid)?.value as? UUID, uuid)
        XCTAssertEqual(InlineHashable(Padded(a: 7, b: .max))?.value as? Padded, Padded(a: 7, b: .max))
        XCTAssertEqual(InlineHashable(Search.history)?.value as? Search, .history)
        XCTAssertEqual(InlineHashable(Int8(-3))?.value as? Int8, -3)
        XCTAssertNil(InlineHashable(Int8(-3))?.value as? Int, "read back as its own type only")
    }

    func test_equalValues_areEqual_andHashAlike_evenWithDifferentBytes() {
        let plusZero = InlineHashable(0.0)!
        let minusZero = InlineHashable(-0.0)!
        XCTAssertNotEqual(plusZero.bits.0, minusZero.bits.0, "the bytes differ")
        XCTAssertEqual(plusZero, minusZero, "the type's == decides")
        XCTAssertEqual(plusZero.hashValue, minusZero.hashValue)
        XCTAssertEqual(plusZero.hashValue, (0.0).hashValue, "hashes as the value itself does")
        XCTAssertNotEqual(InlineHashable(Double.nan), InlineHashable(Double.nan), "NaN is not equal to itself")
    }

    func test_valuesOfTwoTypesWithTheSameBits_differ() {
        let int = InlineHashable(1)!
        let uint = InlineHashable(UInt(1))!
        XCTAssertTrue(int.bits == uint.bits, "the same bits")
        XCTAssertNotEqual(int, uint)
        XCTAssertNotEqual(InlineHashable(Int32(0)), InlineHashable(Float(0)))
        XCTAssertEqual(Set([int, uint, InlineHashable(1)!]).count, 2)
    }

    func test_bytesPastTheValue_areZero_soTheyNeverTellEqualValuesApart() {
        let byte = InlineHashable(UInt8(0xFF))!
        XCTAssertEqual(byte.bits.0, 0xFF)
        XCTAssertEqual(byte.bits.1, 0)
    }

    /// `EffectID` keeps a small trivial value inline and a larger or non-trivial one boxed; equality and hashing
    /// are the same rule either way.
    func test_effectIDs_inlineOrBoxed_followTheSameRule() {
        let inline = EffectID(Padded(a: 1, b: 2))
        let boxed = EffectID(Seventeen(a: 1, b: 2, c: 3))
        guard case .inline = inline.storage, case .boxed = boxed.storage else {
            return XCTFail("expected one id inline and one boxed: \(inline.storage), \(boxed.storage)")
        }
        XCTAssertEqual(inline, EffectID(Padded(a: 1, b: 2)))
        XCTAssertEqual(inline.hashValue, EffectID(Padded(a: 1, b: 2)).hashValue)
        XCTAssertNotEqual(inline, EffectID(Padded(a: 1, b: 3)))
        XCTAssertEqual(boxed, EffectID(Seventeen(a: 1, b: 2, c: 3)))
        XCTAssertEqual(boxed.hashValue, EffectID(Seventeen(a: 1, b: 2, c: 3)).hashValue)
        XCTAssertNotEqual(boxed, EffectID(Seventeen(a: 1, b: 2, c: 4)))
        XCTAssertNotEqual(inline, boxed)
        XCTAssertEqual(EffectID(1.5).hashValue, (1.5).hashValue, "an inline id hashes as its value")
        XCTAssertEqual(
            EffectID(Seventeen(a: 1, b: 2, c: 3)).hashValue, Seventeen(a: 1, b: 2, c: 3).hashValue,
            "a boxed id hashes as its value")
    }
}
