/// The places where a state holds copies of one value — the meeting in the list, in its open detail and in the
/// recording screen — declared once, so that after every transition that changes one copy, every other copy of the
/// same value holds the same.
///
/// A shared value stays a value: each feature keeps its copy in its own state, changes it in its own pure
/// ``ChildState/handle(event:)``, and a test compares it with `==`. The state that holds all the copies — usually the
/// app's root, whose key paths reach into its children — lists where they are in ``ChildState/sharedValues``:
///
/// ```swift
/// struct App: State {
///     var list: MeetingsList            // list.meetings: IdentifiedStates<Meeting>
///     var path: ScreenStack<Screen>     // .detail(MeetingDetail) and .record(MeetingRecording) hold a meeting
///
///     static let sharedValues: SharedValues<App> = [
///         .elements(\.list.meetings),
///         .elements(in: \.path, case: Screen.detail, at: \.meeting),
///         .elements(in: \.path, case: Screen.record, at: \.meeting),
///     ]
///     // …
/// }
/// ```
///
/// Copies are told apart by key: an element's `id`, or the key given to a whole ``value(_:key:)``. After the detail
/// edits meeting 3, the transition that did it — as ``ChildState/transition(on:)`` returns it, which is what a store,
/// a `TestStore`, a replay and an explorer run — writes the edited meeting into the list's row 3 and into every other
/// screen that holds meeting 3, with no parent code. The rules, with what happens at their edges, are in
/// <doc:BuildingAnAppFromFeatures#Values-held-in-several-places>:
///
/// - A copy changed in a transition is written to every other copy of its key.
/// - A place that starts holding a key in the transition — a screen pushed, a row added — takes the key's current
///   value, unless it is the only change.
/// - Deletion wins: a key that leaves a collection declared with ``elements(_:)`` is deleted, and an edit of it in
///   the same transition is written nowhere. A screen popped or an optional set to `nil` only stops holding its copy.
/// - Two copies of one key changed to two different values in one transition is a programmer error: the store stops
///   with a message naming both places. To fix, change the value in one place, and let the others follow.
///
/// Declare it with `static let`: a store reads it at every transition. It costs a comparison of each declared single
/// copy with its value before, and, for a collection, only its changed elements (the collection's own journal tells
/// which). A child routed with the routing verbs applies its own declaration around its own events, too.
public struct SharedValues<Root>: Sendable {
    /// What is declared; `nil` for nothing, so that the default, which every transition of a state that declares
    /// nothing reads, costs nothing to make.
    let declared: Declared?

    final class Declared: Sendable {
        /// The declared places, in order.
        let holders: [SharedHolder<Root>]
        /// How to read the copy a routed child holds, by the child's type: for the places of a child's element
        /// (``SharedValues/element(in:at:)``, ``SharedValues/elements(in:case:at:)``), so that an edit by such a child
        /// that leaves in the same transition reaches the other copies (see `SharedEditLog`).
        let readers: [ObjectIdentifier: [SharedReader]]

        init(holders: [SharedHolder<Root>]) {
            self.holders = holders
            var readers: [ObjectIdentifier: [SharedReader]] = [:]
            for case let (holder, read)? in holders.map({ $0.reader }) { readers[holder, default: []].append(read) }
            self.readers = readers
        }
    }

    /// No shared values: the default.
    public init() { declared = nil }

    init(holders: [SharedHolder<Root>]) { declared = holders.isEmpty ? nil : Declared(holders: holders) }

    init(_ holder: SharedHolder<Root>) { self.init(holders: [holder]) }

    /// Whether nothing is declared: then a transition is the state's ``ChildState/handle(event:)`` alone.
    @usableFromInline var isEmpty: Bool { declared == nil }
}

extension SharedValues: ExpressibleByArrayLiteral {
    /// The places of all of `elements`, in order: `[.elements(\.list.meetings), .element(\.selection)]`.
    ///
    /// - Parameter elements: The places.
    public init(arrayLiteral elements: SharedValues...) {
        self.init(holders: elements.flatMap { $0.declared?.holders ?? [] })
    }
}

extension SharedValues {
    /// A whole value, held under `key`: every place declared with the same key and value type holds the same.
    ///
    /// ```swift
    /// static let sharedValues: SharedValues<App> = [
    ///     .value(\.settings.units, key: "units"),
    ///     .value(\.map.units, key: "units"),
    /// ]
    /// ```
    ///
    /// The value is compared with its value before the transition at every transition: keep such values small, and
    /// share a collection's elements with ``elements(_:)``.
    ///
    /// - Parameters:
    ///   - path: Where the state holds the value.
    ///   - key: What names the value among the places that share it.
    public static func value<Value: Equatable & Sendable, Key: Hashable & Sendable>(
        _ path: WritableKeyPath<Root, Value> & Sendable,
        key: Key
    ) -> SharedValues {
        single(name: "\(path)", read: valueReader(path), key: { _ in SharedKey(Value.self, key) }) {
            $0[keyPath: path] = $1
        }
    }

    /// One element, held by its `id`: the detail's meeting, a selected row.
    ///
    /// ```swift
    /// .element(\.detail.meeting)
    /// ```
    ///
    /// - Parameter path: Where the state holds the element.
    public static func element<Value: Identifiable & Equatable & Sendable>(
        _ path: WritableKeyPath<Root, Value> & Sendable
    ) -> SharedValues where Value.ID: Sendable {
        single(name: "\(path)", read: valueReader(path), key: keyOf) { $0[keyPath: path] = $1 }
    }

    /// One element, held by its `id` while the optional holds it: a selection, an element a sheet shows.
    ///
    /// ```swift
    /// .element(\.selectedMeeting)
    /// ```
    ///
    /// The optional set to `nil` stops holding a copy; it deletes nothing.
    ///
    /// - Parameter path: Where the state holds the element, or `nil`.
    public static func element<Value: Identifiable & Equatable & Sendable>(
        _ path: WritableKeyPath<Root, Value?> & Sendable
    ) -> SharedValues where Value.ID: Sendable {
        single(name: "\(path)", read: valueReader(path), key: keyOf) { $0[keyPath: path] = $1 }
    }

    /// The element a presented child holds at `at`, while it is presented: the meeting a sheet or a detail shows.
    ///
    /// ```swift
    /// .element(in: \.detail, at: \.meeting)
    /// ```
    ///
    /// The child dismissed stops holding its copy; it deletes nothing.
    ///
    /// - Parameters:
    ///   - slot: Where the state keeps the child, or `nil`.
    ///   - path: Where the child holds the element.
    public static func element<Holder, Value: Identifiable & Equatable & Sendable>(
        in slot: WritableKeyPath<Root, Holder?> & Sendable,
        at path: WritableKeyPath<Holder, Value> & Sendable
    ) -> SharedValues where Value.ID: Sendable {
        single(
            name: "\(slot), at \(path)", read: { [read = valueReader(slot)] in read(&$0)?[keyPath: path] }, key: keyOf,
            write: { $0[keyPath: slot]?[keyPath: path] = $1 }, reader: reader(of: Holder.self, at: path))
    }

    /// The elements of an ``IdentifiedStates``, each held by its `id`: the list of every meeting.
    ///
    /// ```swift
    /// .elements(\.list.meetings)
    /// ```
    ///
    /// An element that leaves the collection — `remove(id:)`, a filter, the collection made anew without it — is
    /// deleted: an edit of it elsewhere in the same transition is written nowhere, and does not bring it back.
    ///
    /// - Parameter path: Where the state holds the collection.
    public static func elements<Value: Identifiable & Equatable & Sendable>(
        _ path: WritableKeyPath<Root, IdentifiedStates<Value>> & Sendable
    ) -> SharedValues where Value.ID: Sendable {
        let read = valueReader(path)
        return SharedValues(SharedHolder(name: "\(path)") { ElementsWatch(path: path, read: read, before: &$0) })
    }

    /// The element held by each screen of a stack that is in one case, at `at`: every open detail's meeting.
    ///
    /// ```swift
    /// .elements(in: \.path, case: Screen.detail, at: \.meeting)
    /// ```
    ///
    /// A screen popped stops holding its copy; it deletes nothing. A screen pushed in a transition takes the value
    /// its key has, unless it is the only change.
    ///
    /// - Parameters:
    ///   - stack: Where the state keeps the stack.
    ///   - screenCase: The screens' case whose child holds the element: its ``ChildPlace``.
    ///   - path: Where that child holds the element.
    public static func elements<Screen, Holder, Value: Identifiable & Equatable & Sendable>(
        in stack: WritableKeyPath<Root, ScreenStack<Screen>> & Sendable,
        case screenCase: ChildPlace<Screen, SingleChild<Holder>>,
        at path: WritableKeyPath<Holder, Value> & Sendable
    ) -> SharedValues where Value.ID: Sendable {
        @Sendable func slots(_ root: Root) -> [SharedSlot] {
            let screens = root[keyPath: stack]
            return zip(screens.elementIDs, screens.screens).compactMap { id, screen in
                screenCase.read(screen).map { SharedSlot($0[keyPath: path], slot: id.rawValue) }
            }
        }
        return SharedValues(
            SharedHolder(name: "\(stack), case \(Holder.self), at \(path)", reader: reader(of: Holder.self, at: path)) {
                before in
                SlotsWatch(
                    before: slots(before), read: slots,
                    write: { root, id, copy in
                        guard let value = copy.equatable as? Value else { return }
                        root[keyPath: stack].modify(id: StackElementID(rawValue: id), case: screenCase) {
                            $0[keyPath: path] = value
                        }
                    }
                )
            })
    }
}

extension SharedValues {
    /// A place of one copy at most: `read` finds it, `key` names it, `write` puts a value in its place.
    private static func single<Value: Equatable & Sendable>(
        name: String,
        read: @escaping @Sendable (inout Root) -> Value?,
        key: @escaping @Sendable (Value) -> SharedKey,
        write: @escaping @Sendable (inout Root, Value) -> Void,
        reader: (holder: ObjectIdentifier, read: SharedReader)? = nil
    ) -> SharedValues {
        SharedValues(
            SharedHolder(name: name, reader: reader) { before in
                SingleWatch(before: &before, read: read, key: key, write: write)
            })
    }

    /// An element's key: its type and its `id`.
    @Sendable private static func keyOf<Value: Identifiable>(_ element: Value) -> SharedKey where Value.ID: Sendable {
        SharedKey(Value.self, element.id)
    }

    /// How to read the element a child of type `Holder` holds at `path`.
    private static func reader<Holder, Value: Identifiable & Equatable & Sendable>(
        of _: Holder.Type, at path: WritableKeyPath<Holder, Value> & Sendable
    ) -> (holder: ObjectIdentifier, read: SharedReader) where Value.ID: Sendable {
        let read: SharedReader = { child in
            guard let holder = child as? Holder else { return nil }
            let slot = SharedSlot(holder[keyPath: path])
            return (slot.key, slot.copy)
        }
        return (ObjectIdentifier(Holder.self), read)
    }
}

// MARK: - Keys and values

/// What names one shared value: the value's type, and its key among the values of that type (an element's `id`).
struct SharedKey: Hashable, CustomStringConvertible {
    /// The value's type; named only in a message, since naming a type costs far more than a transition.
    let type: Any.Type
    /// The key, compared as an effect id is: a value of the same type, equal.
    let key: EffectID
    /// The key's hash, which tells most different keys apart without opening them.
    private let hash: Int

    init<Value>(_: Value.Type, _ key: some Hashable & Sendable) {
        type = Value.self
        self.key = EffectID(key)
        hash = key.hashValue
    }

    static func == (lhs: SharedKey, rhs: SharedKey) -> Bool {
        lhs.hash == rhs.hash && ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) && lhs.key == rhs.key
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(hash)
    }

    var description: String { "\(type) \(key)" }
}

/// A copy of a shared value, compared with another copy of the same key.
struct SharedCopy {
    let equatable: any Equatable

    init(_ value: some Equatable) { equatable = value }

    func isSame(as other: SharedCopy) -> Bool { type(of: equatable).effectStoreEquals(equatable, other.equatable) }
}

// MARK: - Watching the places

/// One declared place: its name, for messages, and given the state before a transition, what it keeps to tell what
/// the transition changed.
@usableFromInline
final class SharedHolder<Root>: Sendable {
    /// The place as written, for messages: its key path.
    let name: String
    /// For the place of a child's element: the child's type, and how to read the element from it.
    let reader: (holder: ObjectIdentifier, read: SharedReader)?
    let watch: @Sendable (inout Root) -> SharedWatch<Root>

    init(
        name: String,
        reader: (holder: ObjectIdentifier, read: SharedReader)? = nil,
        watch: @escaping @Sendable (inout Root) -> SharedWatch<Root>
    ) {
        (self.name, self.reader, self.watch) = (name, reader, watch)
    }
}

/// Reads the copy a child holds — its key and value — from the child, given as `Any`; `nil` for a child of another type.
typealias SharedReader = @Sendable (Any) -> (SharedKey, SharedCopy)?

/// The copies that the children routed in one transition hold right after their own events, by key: what brings an
/// edit by a child that leaves in the same transition — a sheet that renames its item and asks to be closed — into the
/// other copies, though the child is gone when the transition compares the copies.
///
/// A state that declares shared values keeps one on the thread that runs its transition, for the length of
/// `handle(event:)` (`ThreadLocal`), inside the log of an enclosing state that declares some too; every routed child is
/// offered to the innermost log, and each log of the chain keeps the copies of the children whose types its
/// declaration reads.
final class SharedEditLog {
    /// The innermost log of the transitions running on this thread, if any.
    private static let current = ThreadLocal()

    let readers: [ObjectIdentifier: [SharedReader]]
    /// The log of the enclosing transition, if any.
    private var outer: SharedEditLog?
    /// The latest copy each routed holder had of each key.
    private(set) var latest: [SharedKey: SharedCopy] = [:]

    init(readers: [ObjectIdentifier: [SharedReader]]) { self.readers = readers }

    /// Runs `body` with this log as the thread's innermost.
    func keeping<T>(_ body: () -> T) -> T {
        outer = Self.running
        defer { outer = nil }
        return Self.current.withValue(self, body)
    }

    /// The innermost log of the transitions running on this thread, if any.
    static var running: SharedEditLog? { current.value as? SharedEditLog }

    /// Keeps the copies `child` holds in every log of the chain whose declaration reads children of its type.
    static func offer<Child>(_ child: Child) {
        var log = running
        while let current = log {
            for read in current.readers[ObjectIdentifier(Child.self)] ?? [] {
                if let (key, copy) = read(child) { current.latest[key] = copy }
            }
            log = current.outer
        }
    }
}

/// What a place changed in one transition, by key.
enum SharedChange {
    /// A copy that was there before holds another value now.
    case edited(SharedKey, SharedCopy)
    /// An element of a collection changed in place, or the collection was made anew: it may hold another value.
    case touched(SharedKey)
    /// The place holds a copy of a key it did not hold before.
    case added(SharedKey, SharedCopy)
    /// The key left a collection: the value is deleted.
    case deleted(SharedKey)

    /// The key of the value changed.
    var key: SharedKey {
        switch self {
        case .edited(let key, _), .touched(let key), .added(let key, _), .deleted(let key): key
        }
    }
}

/// What one place kept of the state before a transition; told the state after, it says what changed, what it holds,
/// and writes a value into its copies. Made and used within one transition, on the thread that runs it.
class SharedWatch<Root> {
    /// What the transition changed in this place: called once, with the state after.
    func changes(after: inout Root) -> [SharedChange] { [] }
    /// The copies of `key` this place holds after the transition, each with whether it held it before, unchanged.
    func copies(of key: SharedKey, in after: Root) -> [(copy: SharedCopy, unchanged: Bool)] { [] }
    /// Writes `copy` into each copy of `key` in this place that holds another value.
    func write(_ copy: SharedCopy, for key: SharedKey, into root: inout Root) {}
    /// Whether this place holds one copy of a key at most.
    var holdsOneCopyAtMost: Bool { true }
    /// How many copies of `key` this place holds after the transition.
    func count(of key: SharedKey, in after: Root) -> Int { copies(of: key, in: after).count }
}

/// One copy in a place of a few copies: its slot (a stack's screen id, or `0` for a single copy), key and value.
/// Not generic, so that the watch's work in every transition needs no type of its own made at run time.
struct SharedSlot {
    let slot: Int
    let key: SharedKey
    let copy: SharedCopy

    /// An element, held by its `id`.
    init<Value: Identifiable & Equatable>(_ element: Value, slot: Int = 0) where Value.ID: Sendable {
        self.slot = slot
        key = SharedKey(Value.self, element.id)
        copy = SharedCopy(element)
    }
}

/// A place of one copy at most, read whole before and after, and compared as its own type. Its fields are generic: each
/// function that touches them looks up their type at run time, so the copy's key is made where the copy is read.
final class SingleWatch<Root, Value: Equatable>: SharedWatch<Root> {
    let before: Value?
    let read: (inout Root) -> Value?
    let key: (Value) -> SharedKey
    let writeValue: (inout Root, Value) -> Void
    /// The copy after the transition, its key (`nil` exactly when there is no copy), and whether it is the copy
    /// before, unchanged.
    private var after: Value?
    private var afterKey: SharedKey?
    private var unchanged = false

    init(
        before root: inout Root, read: @escaping (inout Root) -> Value?, key: @escaping (Value) -> SharedKey,
        write: @escaping (inout Root, Value) -> Void
    ) {
        (before, self.read, self.key, writeValue) = (read(&root), read, key, write)
    }

    override func changes(after root: inout Root) -> [SharedChange] {
        after = read(&root)
        if let after { afterKey = key(after) }
        if let after, let before, after == before {
            unchanged = true
            return []
        }
        let beforeKey: SharedKey? = if let before { key(before) } else { nil }
        let stayed = beforeKey != nil && beforeKey == afterKey
        var changes: [SharedChange] = []
        if let after, let afterKey {
            changes.append(stayed ? .edited(afterKey, SharedCopy(after)) : .added(afterKey, SharedCopy(after)))
        }
        // A holder that left: its last copy, if it was routed and edited it before it left.
        if !stayed, let before, let beforeKey, let last = SharedEditLog.running?.latest[beforeKey],
            !last.isSame(as: SharedCopy(before))
        {
            changes.append(.edited(beforeKey, last))
        }
        return changes
    }

    override func copies(of key: SharedKey, in _: Root) -> [(copy: SharedCopy, unchanged: Bool)] {
        guard let after, afterKey == key else { return [] }
        return [(SharedCopy(after), unchanged)]
    }

    override func count(of key: SharedKey, in _: Root) -> Int { afterKey == key ? 1 : 0 }

    override func write(_ copy: SharedCopy, for key: SharedKey, into root: inout Root) {
        guard let after, afterKey == key, let value = copy.equatable as? Value, value != after else { return }
        writeValue(&root, value)
    }
}

/// A place of a few copies, each in a slot, read whole before and after. The slots are read once after the
/// transition; the copies the sync writes are this place's own, so the reading stays true for the other keys.
final class SlotsWatch<Root>: SharedWatch<Root> {
    let before: [SharedSlot]
    let read: (Root) -> [SharedSlot]
    let writeValue: (inout Root, Int, SharedCopy) -> Void
    /// The slots after the transition, each with whether it held its key before, unchanged.
    private var after: [(held: SharedSlot, unchanged: Bool)] = []

    init(
        before: [SharedSlot], read: @escaping (Root) -> [SharedSlot],
        write: @escaping (inout Root, Int, SharedCopy) -> Void
    ) {
        (self.before, self.read, writeValue) = (before, read, write)
    }

    override func changes(after root: inout Root) -> [SharedChange] {
        var changes: [SharedChange] = []
        for held in read(root) {
            // A few slots: searched in order.
            guard let old = before.first(where: { $0.slot == held.slot }), old.key == held.key else {
                after.append((held, false))
                changes.append(.added(held.key, held.copy))
                continue
            }
            let unchanged = old.copy.isSame(as: held.copy)
            after.append((held, unchanged))
            if !unchanged { changes.append(.edited(held.key, held.copy)) }
        }
        // A holder that left: its last copy, if it was routed and edited it before it left.
        if let log = SharedEditLog.running {
            for old in before where !after.contains(where: { $0.held.slot == old.slot && $0.held.key == old.key }) {
                if let last = log.latest[old.key], !last.isSame(as: old.copy) { changes.append(.edited(old.key, last)) }
            }
        }
        return changes
    }

    override func copies(of key: SharedKey, in _: Root) -> [(copy: SharedCopy, unchanged: Bool)] {
        after.filter { $0.held.key == key }.map { ($0.held.copy, $0.unchanged) }
    }

    override func count(of key: SharedKey, in _: Root) -> Int { after.count { $0.held.key == key } }

    override var holdsOneCopyAtMost: Bool { false }

    override func write(_ copy: SharedCopy, for key: SharedKey, into root: inout Root) {
        for (held, _) in after where held.key == key && !held.copy.isSame(as: copy) {
            writeValue(&root, held.slot, copy)
        }
    }
}

/// The elements of an ``IdentifiedStates``, as they were before a transition: which ids it held, and where its journal
/// stood, so that only the elements the transition touched are read after it.
final class ElementsWatch<Root, Value: Identifiable & Equatable>: SharedWatch<Root> where Value.ID: Sendable {
    typealias Rows = IdentifiedStates<Value>
    let path: WritableKeyPath<Root, Rows>
    let read: (inout Root) -> Rows
    let origin: UInt64
    let mark: ChangeJournalMark
    let positions: [Value.ID: Int]
    /// The keys changed or added in this transition.
    private var changed: Set<SharedKey> = []
    /// The positions after the transition, which writing an element's value does not change.
    private var positionsAfter: [Value.ID: Int]

    init(path: WritableKeyPath<Root, Rows>, read: @escaping (inout Root) -> Rows, before root: inout Root) {
        (self.path, self.read) = (path, read)
        let before = read(&root)
        (origin, mark) = (before.journal.origin, before.journal.mark)
        (positions, positionsAfter) = (before.positions, before.positions)
    }

    override func changes(after: inout Root) -> [SharedChange] {
        let now = read(&after)
        positionsAfter = now.positions
        // The usual transition of another place leaves the collection as it was.
        if now.journal.origin == origin && now.journal.mark == mark { return [] }
        var touched: [Value.ID] = []
        var reshaped = false
        let known =
            now.journal.origin == origin
            && now.journal.forEachEntry(since: mark) { entry in
                switch entry {
                case .changed(let id), .inserted(let id): touched.append(id)
                case .removed, .reordered: reshaped = true
                }
            }
        var changes: [SharedChange] = []
        if !known || reshaped {
            for id in positions.keys where now.positions[id] == nil {
                changes.append(.deleted(SharedKey(Value.self, id)))
            }
        }
        if !known {
            // Made anew, or history lost: every element may have changed.
            touched = now.ids
        } else if reshaped {
            // A removal or a move may hide an insertion the entries name; those are added, and read below.
            touched += now.ids.filter { positions[$0] == nil }
        }
        for id in touched {
            let key = SharedKey(Value.self, id)
            guard changed.insert(key).inserted else { continue }
            if positions[id] != nil {
                if now.positions[id] != nil { changes.append(.touched(key)) }
            } else if let value = now[id: id] {
                changes.append(.added(key, SharedCopy(value)))
            }
        }
        return changes
    }

    override func copies(of key: SharedKey, in after: Root) -> [(copy: SharedCopy, unchanged: Bool)] {
        guard let id = key.key.value as? Value.ID, let value = after[keyPath: path][id: id] else { return [] }
        return [(SharedCopy(value), positions[id] != nil && !changed.contains(key))]
    }

    override func count(of key: SharedKey, in _: Root) -> Int {
        if let id = key.key.value as? Value.ID, positionsAfter[id] != nil { 1 } else { 0 }
    }

    override func write(_ copy: SharedCopy, for key: SharedKey, into root: inout Root) {
        guard let id = key.key.value as? Value.ID, let value = copy.equatable as? Value else { return }
        root[keyPath: path].replace(id: id, with: value)
    }
}

// MARK: - Keeping the copies in step

/// How to read the value at `path`: a stored property's through a modify access, which the runtime projects as an
/// address, where a key path's read goes through a generic projection several times slower; a computed property's
/// with a read, so that its setter never runs.
func valueReader<Root, Value>(_ path: WritableKeyPath<Root, Value> & Sendable) -> @Sendable (inout Root) -> Value {
    guard MemoryLayout<Root>.offset(of: path) != nil else { return { $0[keyPath: path] } }
    @Sendable func copy(_ value: inout Value) -> Value { value }
    return { copy(&$0[keyPath: path]) }
}

extension SharedValues {
    /// Runs `body` — a transition of `root` — and brings the copies in step after it, keeping a `SharedEditLog` of the
    /// routed children's copies meanwhile when this declaration reads any.
    @usableFromInline
    func transition<Result>(_ root: inout Root, _ body: (inout Root) -> Result) -> Result {
        guard let declared else { return body(&root) }
        let (holders, readers) = (declared.holders, declared.readers)
        // What every place keeps of the state before, to bring the copies in step after the transition.
        var watches: [SharedWatch<Root>] = []
        watches.reserveCapacity(holders.count)
        for holder in holders { watches.append(holder.watch(&root)) }
        let watch = SharedValuesWatch(holders: holders, watches: watches)
        guard !readers.isEmpty else {
            let result = body(&root)
            watch.apply(to: &root)
            return result
        }
        return SharedEditLog(readers: readers).keeping {
            let result = body(&root)
            watch.apply(to: &root)
            return result
        }
    }
}

/// The places of a state's shared values, as they were before one transition.
struct SharedValuesWatch<Root> {
    /// The places, for their names in a message, and what each kept, in the order declared.
    let holders: [SharedHolder<Root>]
    let watches: [SharedWatch<Root>]

    /// Brings every copy in `root`, the state after the transition, in step with the copy the transition changed
    /// (see ``SharedValues`` for the rules).
    func apply(to root: inout Root) {
        // What changed, by key, in the order the places and their changes came: a transition changes a few keys, so
        // they are searched in order.
        var changed: [KeyChanges] = []
        let places = 0..<watches.count
        for index in places {
            for change in watches[index].changes(after: &root) {
                let key = change.key
                if let at = changed.firstIndex(where: { $0.key == key }) {
                    changed[at].record(change, from: index)
                } else {
                    changed.append(KeyChanges(key: key, firstFrom: index))
                    changed[changed.count - 1].record(change, from: index)
                }
            }
        }
        for changes in changed where !changes.isDeleted {  // deletion wins
            // A key that one place alone changed, held in one copy at most there and in none elsewhere: there is no
            // other copy to write.
            if let place = changes.onlyPlace,
                watches[place].holdsOneCopyAtMost || watches[place].count(of: changes.key, in: root) <= 1,
                !places.contains(where: { $0 != place && watches[$0].count(of: changes.key, in: root) > 0 })
            {
                continue
            }
            guard let (value, source) = value(of: changes.key, after: changes, in: root) else { continue }
            // The place the value came from holds it already, unless it holds more than one copy.
            for index in places where index != source || !watches[index].holdsOneCopyAtMost {
                watches[index].write(value, for: changes.key, into: &root)
            }
        }
    }

    /// The value every place is to hold for `key`: the one edit, or else the value held before; `nil` when there is
    /// nothing to write. Stops on two different edits.
    private func value(of key: SharedKey, after changes: KeyChanges, in root: Root) -> (SharedCopy, from: Int?)? {
        // A copy held before and not changed: the value before the transition; needed unless the key was edited,
        // and nothing else.
        var before: SharedCopy?
        for watch in watches where before == nil && (changes.edits.isEmpty || !changes.touched.isEmpty) {
            before = watch.copies(of: key, in: root).first { $0.unchanged }?.copy
        }
        var edits = changes.edits
        // An element changed in place may have been written with the value it had.
        for place in changes.touched {
            guard let copy = watches[place].copies(of: key, in: root).first?.copy else { continue }
            if before.map({ !copy.isSame(as: $0) }) ?? true { edits.append((place, copy)) }
        }
        if let first = edits.first {
            if let other = edits.first(where: { !$0.copy.isSame(as: first.copy) }) {
                conflict(key, first.place, other.place)
            }
            return (first.copy, first.place)
        }
        if let before { return (before, nil) }
        // Only new copies: they are the value if they agree.
        guard let first = changes.added.first else { return nil }
        if let other = changes.added.first(where: { !$0.copy.isSame(as: first.copy) }) {
            conflict(key, first.place, other.place)
        }
        return (first.copy, first.place)
    }

    private func conflict(_ key: SharedKey, _ one: Int, _ another: Int) -> Never {
        let (first, second) = (min(one, another), max(one, another))  // in the order declared
        let names =
            first == second
            ? "twice in \(holders[first].name)"
            : "in \(holders[first].name) and in \(holders[second].name)"
        let rootName = "\(Root.self)"
        // fatalError, not precondition: a release build (-O) drops a precondition's message.
        fatalError(
            """
            EffectStore: one transition of \(rootName) changed \(key) to two different values, \(names). The places \
            in \(rootName).sharedValues hold one value per key, and this transition gives it two. To fix, change it \
            in one place, and let sharedValues write it into the others.
            """
        )
    }
}

/// What the places changed of one key in one transition.
struct KeyChanges {
    typealias Change = (place: Int, copy: SharedCopy)
    let key: SharedKey
    /// The one place that changed the key, while only one has.
    private(set) var onlyPlace: Int?
    var edits: [Change] = []
    /// The places where the key's element changed in place: their copies are read only when another place holds
    /// the key.
    var touched: [Int] = []
    var added: [Change] = []
    var isDeleted = false

    /// The changes of `key`, the first of them from `place`.
    init(key: SharedKey, firstFrom place: Int) { (self.key, onlyPlace) = (key, place) }

    mutating func record(_ change: SharedChange, from place: Int) {
        if onlyPlace != place { onlyPlace = nil }
        switch change {
        case .edited(_, let copy): edits.append((place, copy))
        case .touched: touched.append(place)
        case .added(_, let copy): added.append((place, copy))
        case .deleted: isDeleted = true
        }
    }
}
