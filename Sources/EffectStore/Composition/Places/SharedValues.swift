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
    /// The declared places, in order.
    @usableFromInline let holders: [SharedHolder<Root>]

    /// How to read the copy a routed child holds, by the child's type: for the places of a child's element
    /// (``element(in:at:)``, ``elements(in:case:at:)``), so that an edit by such a child that leaves in the same
    /// transition reaches the other copies (see `SharedEditLog`).
    let readers: [ObjectIdentifier: [SharedReader]]

    /// No shared values: the default.
    public init() {
        holders = []
        readers = [:]
    }

    init(holders: [SharedHolder<Root>]) {
        self.holders = holders
        var readers: [ObjectIdentifier: [SharedReader]] = [:]
        for case let (holder, read)? in holders.map({ $0.reader }) { readers[holder, default: []].append(read) }
        self.readers = readers
    }

    init(_ holder: SharedHolder<Root>) { self.init(holders: [holder]) }

    /// Whether nothing is declared: then a transition is the state's ``ChildState/handle(event:)`` alone.
    @inlinable var isEmpty: Bool { holders.isEmpty }
}

extension SharedValues: ExpressibleByArrayLiteral {
    /// The places of all of `elements`, in order: `[.elements(\.list.meetings), .element(\.selection)]`.
    ///
    /// - Parameter elements: The places.
    public init(arrayLiteral elements: SharedValues...) {
        self.init(holders: elements.flatMap(\.holders))
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
        single(name: "\(path)", read: { (SharedKey(Value.self, key), $0[keyPath: path]) }) { $0[keyPath: path] = $1 }
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
        single(name: "\(path)", read: { keyed($0[keyPath: path]) }) { $0[keyPath: path] = $1 }
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
        single(name: "\(path)", read: { $0[keyPath: path].map(keyed) }) { $0[keyPath: path] = $1 }
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
            name: "\(slot), at \(path)", read: { $0[keyPath: slot].map { keyed($0[keyPath: path]) } },
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
        SharedValues(
            SharedHolder(name: "\(path)") { before in ElementsWatch(path: path, before: before[keyPath: path]) })
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
        @Sendable func slots(_ root: Root) -> [(StackElementID, SharedKey, Value)] {
            let screens = root[keyPath: stack]
            return zip(screens.elementIDs, screens.screens).compactMap { id, screen in
                screenCase.read(screen).map { holder in
                    let value = holder[keyPath: path]
                    return (id, SharedKey(Value.self, value.id), value)
                }
            }
        }
        return SharedValues(
            SharedHolder(name: "\(stack), case \(Holder.self), at \(path)", reader: reader(of: Holder.self, at: path)) {
                before in
                SlotsWatch(
                    before: slots(before), read: slots,
                    write: { root, id, value in
                        root[keyPath: stack].modify(id: id, case: screenCase) { $0[keyPath: path] = value }
                    }
                )
            })
    }
}

extension SharedValues {
    /// A place of one copy at most: `read` finds it with its key, `write` puts a value in its place.
    private static func single<Value: Equatable & Sendable>(
        name: String,
        read: @escaping @Sendable (Root) -> (SharedKey, Value)?,
        write: @escaping @Sendable (inout Root, Value) -> Void,
        reader: (holder: ObjectIdentifier, read: SharedReader)? = nil
    ) -> SharedValues {
        @Sendable func slots(_ root: Root) -> [(Int, SharedKey, Value)] {
            read(root).map { [(0, $0.0, $0.1)] } ?? []
        }
        return SharedValues(
            SharedHolder(name: name, reader: reader) { before in
                SlotsWatch(before: slots(before), read: slots, write: { root, _, value in write(&root, value) })
            })
    }

    /// How to read the element a child of type `Holder` holds at `path`.
    private static func reader<Holder, Value: Identifiable & Equatable & Sendable>(
        of _: Holder.Type, at path: WritableKeyPath<Holder, Value> & Sendable
    ) -> (holder: ObjectIdentifier, read: SharedReader) where Value.ID: Sendable {
        (ObjectIdentifier(Holder.self), { ($0 as? Holder).map { let (key, value) = keyed($0[keyPath: path]); return (key, SharedCopy(value)) } })
    }

    /// `element` with its key: its type and its `id`.
    private static func keyed<Value: Identifiable>(_ element: Value) -> (SharedKey, Value) where Value.ID: Sendable {
        (SharedKey(Value.self, element.id), element)
    }
}

// MARK: - Keys and values

/// What names one shared value: the value's type, and its key among the values of that type (an element's `id`).
struct SharedKey: Hashable, CustomStringConvertible {
    /// The value's type; named only in a message, since naming a type costs far more than a transition.
    let type: Any.Type
    let key: AnyHashable

    init<Value>(_: Value.Type, _ key: some Hashable & Sendable) {
        type = Value.self
        self.key = AnyHashable(key)
    }

    static func == (lhs: SharedKey, rhs: SharedKey) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) && lhs.key == rhs.key
    }
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(key)
    }

    var description: String { "\(type) \(key.base)" }
}

/// A copy of a shared value, compared with another copy of the same key.
struct SharedCopy {
    let value: Any
    private let isEqual: (Any) -> Bool

    init<Value: Equatable>(_ value: Value) {
        self.value = value
        isEqual = { ($0 as? Value) == value }
    }

    func isSame(as other: SharedCopy) -> Bool { isEqual(other.value) }
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
    let watch: @Sendable (Root) -> SharedWatch<Root>

    init(
        name: String,
        reader: (holder: ObjectIdentifier, read: SharedReader)? = nil,
        watch: @escaping @Sendable (Root) -> SharedWatch<Root>
    ) {
        self.name = name
        self.reader = reader
        self.watch = watch
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
    case touched(SharedKey, SharedCopy)
    /// The place holds a copy of a key it did not hold before.
    case added(SharedKey, SharedCopy)
    /// The key left a collection: the value is deleted.
    case deleted(SharedKey)

    /// The key of the value changed.
    var key: SharedKey {
        switch self {
        case .edited(let key, _), .touched(let key, _), .added(let key, _), .deleted(let key): key
        }
    }
}

/// What one place kept of the state before a transition; told the state after, it says what changed, what it holds,
/// and writes a value into its copies. Made and used within one transition, on the thread that runs it.
class SharedWatch<Root> {
    /// What the transition changed in this place: called once, with the state after.
    func changes(after: Root) -> [SharedChange] { [] }
    /// The copies of `key` this place holds after the transition, each with whether it held it before, unchanged.
    func copies(of key: SharedKey, in after: Root) -> [(copy: SharedCopy, unchanged: Bool)] { [] }
    /// Writes `copy` into each copy of `key` in this place that holds another value.
    func write(_ copy: SharedCopy, for key: SharedKey, into root: inout Root) {}
}

/// A place of a few copies, each in a slot named by `Slot` (a stack's screen id, or `0` for a single copy), read
/// whole before and after. The slots are read once after the transition; the copies the sync writes are this place's
/// own, so the reading stays true for the other keys.
final class SlotsWatch<Root, Slot: Hashable, Value: Equatable>: SharedWatch<Root> {
    typealias Slots = [(Slot, SharedKey, Value)]
    let before: Slots
    let read: (Root) -> Slots
    let writeValue: (inout Root, Slot, Value) -> Void
    /// The slots after the transition, each with whether it held its key before, unchanged.
    private var after: [(slot: Slot, key: SharedKey, value: Value, unchanged: Bool)] = []

    init(before: Slots, read: @escaping (Root) -> Slots, write: @escaping (inout Root, Slot, Value) -> Void) {
        self.before = before
        self.read = read
        writeValue = write
    }

    override func changes(after root: Root) -> [SharedChange] {
        var changes: [SharedChange] = []
        for (slot, key, value) in read(root) {
            // A few slots: searched in order.
            guard let old = before.first(where: { $0.0 == slot }), old.1 == key else {
                after.append((slot, key, value, false))
                changes.append(.added(key, SharedCopy(value)))
                continue
            }
            let unchanged = old.2 == value
            after.append((slot, key, value, unchanged))
            if !unchanged { changes.append(.edited(key, SharedCopy(value))) }
        }
        // A holder that left: its last copy, if it was routed and edited it before it left.
        if let log = SharedEditLog.running {
            for (slot, key, value) in before where !after.contains(where: { $0.slot == slot && $0.key == key }) {
                if let last = log.latest[key], !last.isSame(as: SharedCopy(value)) { changes.append(.edited(key, last)) }
            }
        }
        return changes
    }

    override func copies(of key: SharedKey, in _: Root) -> [(copy: SharedCopy, unchanged: Bool)] {
        var copies: [(copy: SharedCopy, unchanged: Bool)] = []
        for held in after where held.key == key { copies.append((SharedCopy(held.value), held.unchanged)) }
        return copies
    }

    override func write(_ copy: SharedCopy, for key: SharedKey, into root: inout Root) {
        guard let value = copy.value as? Value else { return }
        for held in after where held.key == key && held.value != value { writeValue(&root, held.slot, value) }
    }
}

/// The elements of an ``IdentifiedStates``, as they were before a transition: which ids it held, and where its journal
/// stood, so that only the elements the transition touched are read after it.
final class ElementsWatch<Root, Value: Identifiable & Equatable>: SharedWatch<Root> where Value.ID: Sendable {
    let path: WritableKeyPath<Root, IdentifiedStates<Value>>
    let origin: UInt64
    let mark: ChangeJournalMark
    let positions: [Value.ID: Int]
    /// The ids changed or added in this transition.
    private var changed: Set<Value.ID> = []

    init(path: WritableKeyPath<Root, IdentifiedStates<Value>>, before: IdentifiedStates<Value>) {
        self.path = path
        origin = before.journal.origin
        mark = before.journal.mark
        positions = before.positions
    }

    override func changes(after: Root) -> [SharedChange] {
        let now = after[keyPath: path]
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
        for id in touched where changed.insert(id).inserted {
            guard let value = now[id: id] else { continue }
            let key = SharedKey(Value.self, id)
            changes.append(positions[id] == nil ? .added(key, SharedCopy(value)) : .touched(key, SharedCopy(value)))
        }
        return changes
    }

    override func copies(of key: SharedKey, in after: Root) -> [(copy: SharedCopy, unchanged: Bool)] {
        guard let id = key.key.base as? Value.ID, let value = after[keyPath: path][id: id] else { return [] }
        return [(SharedCopy(value), positions[id] != nil && !changed.contains(id))]
    }

    override func write(_ copy: SharedCopy, for key: SharedKey, into root: inout Root) {
        guard let id = key.key.base as? Value.ID, let value = copy.value as? Value,
            let held = root[keyPath: path][id: id], held != value
        else { return }
        root[keyPath: path][id: id] = value
    }
}

// MARK: - Keeping the copies in step

extension SharedValues {
    /// Runs `body` — a transition of `root` — and brings the copies in step after it, keeping a `SharedEditLog` of the
    /// routed children's copies meanwhile when this declaration reads any.
    @usableFromInline
    func transition<Result>(_ root: inout Root, _ body: (inout Root) -> Result) -> Result {
        let watch = self.watch(root)
        guard !readers.isEmpty else {
            let result = body(&root)
            watch?.apply(to: &root)
            return result
        }
        return SharedEditLog(readers: readers).keeping {
            let result = body(&root)
            watch?.apply(to: &root)
            return result
        }
    }

    /// What every place keeps of `before`, to bring the copies in step after the transition; `nil` when nothing is
    /// declared.
    @usableFromInline
    func watch(_ before: Root) -> SharedValuesWatch<Root>? {
        guard !isEmpty else { return nil }
        return SharedValuesWatch(holders: holders, watches: holders.map { $0.watch(before) })
    }
}

/// The places of a state's shared values, as they were before one transition.
@usableFromInline
struct SharedValuesWatch<Root> {
    /// The places, for their names in a message, and what each kept, in the order declared.
    let holders: [SharedHolder<Root>]
    let watches: [SharedWatch<Root>]

    /// Brings every copy in `root`, the state after the transition, in step with the copy the transition changed
    /// (see ``SharedValues`` for the rules).
    @usableFromInline
    func apply(to root: inout Root) {
        // What changed, by key, in the order the places and their changes came.
        var keys: [SharedKey] = []
        var byKey: [SharedKey: KeyChanges] = [:]
        for (index, watch) in watches.enumerated() {
            for change in watch.changes(after: root) {
                if byKey[change.key] == nil { keys.append(change.key) }
                byKey[change.key, default: KeyChanges()].record(change, from: index)
            }
        }
        for key in keys {
            guard let changes = byKey[key], !changes.isDeleted else { continue }  // deletion wins
            if let value = value(of: key, after: changes, in: root) {
                for watch in watches { watch.write(value, for: key, into: &root) }
            }
        }
    }

    /// The value every place is to hold for `key`: the one edit, or else the value held before; `nil` when there is
    /// nothing to write. Stops on two different edits.
    private func value(of key: SharedKey, after changes: KeyChanges, in root: Root) -> SharedCopy? {
        // A copy held before and not changed: the value before the transition.
        var before: SharedCopy?
        for watch in watches where before == nil {
            before = watch.copies(of: key, in: root).first { $0.unchanged }?.copy
        }
        var edits = changes.edits
        // An element changed in place may have been written with the value it had.
        edits += changes.touched.filter { touched in before.map { !touched.copy.isSame(as: $0) } ?? true }
        if let first = edits.first {
            if let other = edits.first(where: { !$0.copy.isSame(as: first.copy) }) {
                conflict(key, first.place, other.place)
            }
            return first.copy
        }
        if let before { return before }
        // Only new copies: they are the value if they agree.
        guard let first = changes.added.first else { return nil }
        if let other = changes.added.first(where: { !$0.copy.isSame(as: first.copy) }) {
            conflict(key, first.place, other.place)
        }
        return first.copy
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
    var edits: [Change] = []
    var touched: [Change] = []
    var added: [Change] = []
    var isDeleted = false

    mutating func record(_ change: SharedChange, from place: Int) {
        switch change {
        case .edited(_, let copy): edits.append((place, copy))
        case .touched(_, let copy): touched.append((place, copy))
        case .added(_, let copy): added.append((place, copy))
        case .deleted: isDeleted = true
        }
    }
}
