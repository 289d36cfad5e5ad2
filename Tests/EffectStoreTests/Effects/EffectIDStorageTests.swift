import EffectStore
import EffectStoreLogging
import Foundation
import XCTest

/// An id that holds its value as `any Hashable & Sendable`, as `EffectID` did before it kept small values inline: what
/// every id must still mean.
private struct OldID: Hashable, Sendable, CustomStringConvertible {
    let value: any Hashable & Sendable
    init(_ value: some Hashable & Sendable) { self.value = value }
    static func == (lhs: OldID, rhs: OldID) -> Bool {
        type(of: lhs.value) == type(of: rhs.value) && lhs.value.isEqualAsBefore(to: rhs.value)
    }
    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
    var description: String { String(describing: value) }
    var base: Any { value }
}

extension Hashable {
    fileprivate func isEqualAsBefore(to other: any Hashable) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

private enum One: Hashable, Sendable { case only }
private struct Empty: Hashable, Sendable {}
/// An id value of 16 bytes, 7 of them padding: the most an id keeps inline (also used by `InlineHashableTests`).
struct Padded: Hashable, Sendable { var a: UInt8; var b: UInt64 }
private enum Multi: Hashable, Sendable { case a(UInt8), b(Int32), c }

@inline(never)
private func makeIDs(_ values: [any Hashable & Sendable]) -> [(EffectID, OldID)] {
    values.map { value in
        func open<V: Hashable & Sendable>(_ v: V) -> (EffectID, OldID) { (EffectID(v), OldID(v)) }
        return open(value)
    }
}

/// `EffectID`'s storage by cases must not change what an id means: for values of every storage case, made in generic
/// (unspecialized) code and in concrete code, equality, hashing, `description` and `base` match an id that holds its
/// value as `any Hashable & Sendable`, as `EffectID` did before.
final class EffectIDStorageTests: XCTestCase {
    func test_idsInEveryStorageCase_meanWhatAnExistentialIdMeant() {
        let values: [any Hashable & Sendable] = [
            One.only, Empty(), Padded(a: 1, b: 2), Padded(a: 1, b: 3), Multi.a(1), Multi.b(1), Multi.c,
            0.0, -0.0, Double.nan, Float(1), 1, Int8(1), UInt64(1), Int?.some(1), Int?.none, "a", Substring("a"),
            true, Character("a"), [1, 2], SIMD4<Float>(1, 2, 3, 4),
            SIMD2<Double>(1, 2), ObjectIdentifier(NSObject.self), (1 as Int?) as Int??, UInt8(255),
        ]
        let ids = makeIDs(values)
        for (i, (newL, oldL)) in ids.enumerated() {
            XCTAssertEqual(newL.description, oldL.description, "description of \(values[i])")
            XCTAssertEqual(String(describing: newL.base), String(describing: oldL.base), "base of \(values[i])")
            XCTAssertEqual(String(reflecting: newL.base), String(reflecting: oldL.base), "base reflect \(values[i])")
            XCTAssertEqual(newL.hashValue, oldL.hashValue, "hash of \(values[i])")
            for (j, (newR, oldR)) in ids.enumerated() {
                XCTAssertEqual(newL == newR, oldL == oldR, "\(values[i]) == \(values[j])")
            }
        }
        // Same values made in specialized code.
        XCTAssertEqual(EffectID(One.only), ids[0].0)
        XCTAssertEqual(EffectID(Empty()), ids[1].0)
        XCTAssertEqual(EffectID("a"), ids[16].0)
        XCTAssertEqual(EffectID(0.0).hashValue, ids[7].0.hashValue)
        XCTAssertEqual(Set(ids.map(\.0)).count, Set(ids.map(\.1)).count)
    }

    /// The boxed case's type check guards against `as?` conversions (a `T` to a `T?`). `Int` and `Int?` are kept in
    /// the bits now, so `EffectIDTests`' `Int?`-versus-`Int` assertions no longer reach that check.
    func test_boxedIds_ofAnOptionalAndItsWrappedType_differ() {
        let row = Row(list: "inbox", index: 2)
        XCTAssertNotEqual(EffectID(Row?.some(row)), EffectID(row))
        XCTAssertNotEqual(EffectID(row), EffectID(Row?.some(row)))
        XCTAssertEqual(Set([EffectID(Row?.some(row)), EffectID(row)]).count, 2)
    }

    /// A class instance names one id whichever of its types it was made from; instances of two classes, even equal by
    /// their superclass's `==`, name two.
    func test_boxedIds_ofAClassInstance_goByItsOwnClass() {
        let label = Label("save")
        XCTAssertEqual(EffectID(label as Tag), EffectID(label))
        XCTAssertEqual(EffectID(label), EffectID(label as Tag))
        XCTAssertEqual(EffectID(label as Tag).hashValue, EffectID(label).hashValue)
        XCTAssertEqual(EffectID(Label("save") as Tag), EffectID(Label("save")))
        XCTAssertNotEqual(EffectID(Label("save") as Tag), EffectID(Tag("save")))
        XCTAssertNotEqual(EffectID(Tag("save")), EffectID(Label("save")))
        XCTAssertEqual(Set([EffectID(label as Tag), EffectID(label), EffectID(Tag("save"))]).count, 2)
    }

    /// The scopes of places' children: equal for one place and address, told apart by place — two stacks or two
    /// presentations of one type — by element and by kind, and described as the place and address.
    func test_placeScopeIds_compareAndHashByPlaceAndAddress() {
        let screen = cancelled(by: ScopeHost.path.ending(3))
        let sameScreen = cancelled(by: ScopeHost.path.ending(3))
        XCTAssertEqual(screen, sameScreen)
        XCTAssertEqual(screen.hashValue, sameScreen.hashValue)
        XCTAssertEqual(screen, EffectID(screen), "an id made from an id is that id")
        XCTAssertNotEqual(screen, cancelled(by: ScopeHost.path.ending(4)))
        XCTAssertNotEqual(screen, cancelled(by: ScopeHost.other.ending(3)), "another stack of the same screens")
        XCTAssertEqual(screen.description, #"\ScopeHost.path[3]"#)

        let sheet = cancelled(by: ScopeHost.sheet.ending())
        XCTAssertEqual(sheet, cancelled(by: ScopeHost.sheet.ending()))
        XCTAssertEqual(sheet.hashValue, cancelled(by: ScopeHost.sheet.ending()).hashValue)
        XCTAssertNotEqual(sheet, cancelled(by: ScopeHost.cover.ending()), "another presentation of the same child")
        XCTAssertEqual(sheet.description, #"\ScopeHost.sheet"#)
        XCTAssertNotEqual(sheet, screen, "a presentation is not a screen")
        XCTAssertNotEqual(EffectID(Optional(screen)), screen, "nor an optional one")

        let scopedInScreen = cancelled(by: ScopeHost.path.lift((3, .cancel(id: 1))))
        XCTAssertEqual(scopedInScreen.description, #"\ScopeHost.path[3]/1"#)
        XCTAssertEqual(Set([screen, sameScreen, sheet, scopedInScreen]).count, 3)
    }

    /// The id `effect` cancels.
    private func cancelled(by effect: ScopeHost.Effect) -> EffectID {
        guard case .cancel(let id)? = effect.plan else { preconditionFailure("\(effect) is not a cancellation") }
        return id
    }

    /// Small trivial values that the bits cannot hold: aligned past 8 bytes (a load from the bits would be
    /// misaligned), or just too large.
    func test_smallButOveralignedAndJustTooLargeIds_compareByValue() {
        XCTAssertEqual(MemoryLayout<SIMD4<Float>>.alignment, 16)
        XCTAssertEqual(EffectID(SIMD4<Float>(1, 2, 3, 4)), EffectID(SIMD4<Float>(1, 2, 3, 4)))
        XCTAssertNotEqual(EffectID(SIMD4<Float>(1, 2, 3, 4)), EffectID(SIMD4<Float>(1, 2, 3, 5)))
        XCTAssertEqual(EffectID(SIMD4<Float>(1, 2, 3, 4)).hashValue, EffectID(SIMD4<Float>(1, 2, 3, 4)).hashValue)
        XCTAssertEqual(MemoryLayout<Seventeen>.size, 17)
        XCTAssertEqual(EffectID(Seventeen(a: 1, b: 2, c: 3)), EffectID(Seventeen(a: 1, b: 2, c: 3)))
        XCTAssertNotEqual(EffectID(Seventeen(a: 1, b: 2, c: 3)), EffectID(Seventeen(a: 1, b: 2, c: 4)))
    }

    /// A one-case enum, the commonest id, has no bytes at all.
    func test_emptyIds_areEqualToThemselves_andDescribeTheirCase() {
        XCTAssertEqual(MemoryLayout<One>.size, 0)
        XCTAssertEqual(EffectID(One.only), EffectID(One.only))
        XCTAssertNotEqual(EffectID(One.only), EffectID(Empty()))
        XCTAssertEqual(Set([EffectID(One.only), EffectID(One.only), EffectID(Empty())]).count, 2)
        XCTAssertEqual(EffectID(One.only).description, "only")
        XCTAssertEqual(Describing.value(EffectID(One.only).base), ".only")
        XCTAssertEqual(Describing.value(EffectID("search").base), #""search""#)
        XCTAssertEqual(Describing.value(EffectID(Substring("search")).base), #""search""#)
    }
}

private struct Row: Hashable, Sendable {
    let list: String
    let index: Int
}

/// A screen or a sheet with plans and no work.
private struct Leaf: ChildState, Hashable {
    enum Event: Sendable { case tap }
    enum Work: Sendable, Hashable { case load }
    typealias Effect = Planned<Work>
    mutating func handle(event: Event) -> Effect? { nil }
}

/// A parent with two stacks and two presentations of one child type, for the scope ids of places.
private struct ScopeHost: ChildState {
    var path = ScreenStack<Leaf>()
    var other = ScreenStack<Leaf>()
    var sheet: Leaf?
    var cover: Leaf?

    enum Event: Sendable {
        case path(StackEvent<Leaf.Event>), other(StackEvent<Leaf.Event>)
        case sheet(PresentationEvent<Leaf.Event>), cover(PresentationEvent<Leaf.Event>)
    }
    enum Work: Sendable, Hashable {
        case path(StackElementID, Leaf.Work), other(StackElementID, Leaf.Work), sheet(Leaf.Work), cover(Leaf.Work)
    }
    typealias Effect = Planned<Work>

    static let path = ChildPlace(\ScopeHost.path, event: Event.path, work: Work.path)
    static let other = ChildPlace(\ScopeHost.other, event: Event.other, work: Work.other)
    static let sheet = ChildPlace(\ScopeHost.sheet, event: Event.sheet, work: Work.sheet)
    static let cover = ChildPlace(\ScopeHost.cover, event: Event.cover, work: Work.cover)
    static let places: ChildPlaces<ScopeHost> = [path, other, sheet, cover]

    mutating func handle(event: Event) -> Effect? { nil }
}

/// An id class and a subclass, equal by the name they share.
private class Tag: Hashable, @unchecked Sendable {
    // Safe because: immutable.
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

private final class Label: Tag, @unchecked Sendable {}

/// A trivial id value of 17 bytes: one byte too many to be kept inline (also used by `InlineHashableTests`).
struct Seventeen: Hashable, Sendable {
    let a: Int
    let b: Int
    let c: UInt8
}
