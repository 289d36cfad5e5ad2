import EffectStore
import XCTest

/// `EffectID`: equal when the values are of the same type and equal; hashing agrees with that, so ids work as keys.
final class EffectIDTests: XCTestCase {
    private enum Search: Hashable, Sendable { case request, history }

    func test_equality_isTheValuesEquality_andTypesMustMatch() {
        XCTAssertEqual(EffectID(Search.request), EffectID(Search.request))
        XCTAssertNotEqual(EffectID(Search.request), EffectID(Search.history))
        XCTAssertEqual(EffectID("search"), EffectID("search"))
        XCTAssertNotEqual(EffectID(1), EffectID("1"))
        XCTAssertNotEqual(EffectID(1), EffectID(Int64(1)), "same number, different types")
        // `as?` would turn one into the other (and they hash differently): the types decide first.
        XCTAssertNotEqual(EffectID(Int?.some(1)), EffectID(1), "an optional is a type of its own")
        XCTAssertNotEqual(EffectID(1), EffectID(Int?.some(1)), "whichever side it is on")
    }

    func test_hashing_agreesWithEquality_soIdsWorkAsSetAndDictionaryKeys() {
        let ids: Set<EffectID> = [EffectID(Search.request), EffectID("search"), EffectID(1), EffectID(Int64(1))]
        XCTAssertEqual(ids.count, 4)
        XCTAssertTrue(ids.contains(EffectID(Search.request)))
        XCTAssertTrue(ids.contains(EffectID("search")))
        XCTAssertFalse(ids.contains(EffectID(Search.history)))
        XCTAssertEqual(EffectID("search").hashValue, EffectID("search").hashValue)

        var byID: [EffectID: Int] = [:]
        for value in 0..<1_000 { byID[EffectID("id \(value)")] = value }
        XCTAssertEqual((0..<1_000).map { byID[EffectID("id \($0)")] }, (0..<1_000).map { $0 })
    }

    /// A small trivial id is kept as bytes, but compared and hashed by its type's own `==` and hash: equal values with
    /// different bytes are one id.
    func test_smallTrivialIds_areComparedByTheirTypesEquality_notByTheirBytes() {
        XCTAssertEqual(EffectID(0.0), EffectID(-0.0))
        XCTAssertEqual(EffectID(0.0).hashValue, EffectID(-0.0).hashValue)
        XCTAssertEqual(EffectID(CaseInsensitiveCode("ab")), EffectID(CaseInsensitiveCode("AB")))
        XCTAssertEqual(Set([EffectID(CaseInsensitiveCode("ab")), EffectID(CaseInsensitiveCode("AB"))]).count, 1)
        XCTAssertNotEqual(EffectID(CaseInsensitiveCode("ab")), EffectID(CaseInsensitiveCode("ac")))
    }

    /// Ids too large for the inline bytes, or holding references, are boxed; they compare and hash the same way.
    func test_largeAndNonTrivialIds_compareByValueAndType() {
        let large = Large(a: 1, b: 2, c: 3)
        XCTAssertEqual(EffectID(large), EffectID(Large(a: 1, b: 2, c: 3)))
        XCTAssertNotEqual(EffectID(large), EffectID(Large(a: 1, b: 2, c: 4)))
        XCTAssertEqual(EffectID(large).hashValue, EffectID(Large(a: 1, b: 2, c: 3)).hashValue)

        let row = RowID(list: "inbox", index: 2)
        XCTAssertEqual(EffectID(row), EffectID(RowID(list: "inbox", index: 2)))
        XCTAssertNotEqual(EffectID(row), EffectID(RowID(list: "archive", index: 2)))

        XCTAssertNotEqual(EffectID(Substring("search")), EffectID("search"), "a substring is a type of its own")
        XCTAssertEqual(EffectID(Substring("search")), EffectID(Substring("search")))

        let ids: Set<EffectID> = [EffectID(large), EffectID(row), EffectID("inbox"), EffectID(2), EffectID(UInt8(2))]
        XCTAssertEqual(ids.count, 5)
        XCTAssertTrue(ids.contains(EffectID(RowID(list: "inbox", index: 2))))
    }

    func test_description_showsTheValue() {
        XCTAssertEqual(EffectID(Search.request).description, "request")
        XCTAssertEqual(EffectID("search").description, "search")
        XCTAssertEqual(EffectID(42).description, "42")
        XCTAssertEqual(EffectID(Large(a: 1, b: 2, c: 3)).description, "Large(a: 1, b: 2, c: 3)")
    }
}

/// A two-letter code compared without regard to case: `==` that is not the bytes' equality.
private struct CaseInsensitiveCode: Hashable, Sendable {
    let first: UInt8
    let second: UInt8

    init(_ code: String) {
        let bytes = Array(code.utf8)
        (first, second) = (bytes[0], bytes[1])
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.first | 0x20 == rhs.first | 0x20 && lhs.second | 0x20 == rhs.second | 0x20
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(first | 0x20)
        hasher.combine(second | 0x20)
    }
}

/// Trivial, but larger than an id keeps inline.
private struct Large: Hashable, Sendable {
    let a: Int
    let b: Int
    let c: Int
}

/// Holds a reference (the string), so it is not trivial.
private struct RowID: Hashable, Sendable {
    let list: String
    let index: Int
}

final class EffectIDOfAnIDTests: XCTestCase {
    func test_anIDMadeFromAnID_isThatID() {
        let id = EffectID("search")
        XCTAssertEqual(EffectID(id), id)
        XCTAssertEqual(EffectID(EffectID(EffectID(3))), EffectID(3))
    }
}
