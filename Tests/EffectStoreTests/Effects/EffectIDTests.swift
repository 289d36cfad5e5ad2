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

    func test_description_showsTheValue() {
        XCTAssertEqual(EffectID(Search.request).description, "request")
        XCTAssertEqual(EffectID("search").description, "search")
    }
}
