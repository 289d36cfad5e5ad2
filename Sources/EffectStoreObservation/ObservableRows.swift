#if canImport(Observation)
    import EffectStore
    import Dispatch
    import Observation

    /// The rows of a list feature as `Observable` objects on the main actor, one per row, for a SwiftUI `ForEach`:
    /// a change of one row notifies that row's observers only, at a cost that does not grow with the number of rows.
    ///
    /// A parent keeps its rows in an ``/EffectStore/IdentifiedStates`` at a ``/EffectStore/ChildPlace``. The list view shows ``rows``, and each
    /// row view holds its ``ObservableRow``, reads its row, and sends the row's events:
    ///
    /// ```swift
    /// struct TodoListView: View {
    ///     @State private var list = ObservableRows(todoStore, TodoList.todos)
    ///
    ///     var body: some View {
    ///         List {
    ///             ForEach(list) { row in TodoRowView(row: row) }   // EffectStoreSwiftUI's `ForEach(_:content:)`
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// ## What notifies, and what it costs
    ///
    /// - A row's object notifies its own observers when its row changes, however it changed: an event routed to it,
    ///   an edit by the parent through any member of ``/EffectStore/IdentifiedStates``, a wholesale replacement of the collection.
    /// - ``rows`` (and ``ids``, ``subscript(id:)``, ``count``) notify only when the ids or their order change: an
    ///   insertion, a removal, a move, a sort, a replacement with other ids.
    /// - The collection records which rows each change touched (it keeps that record out of its value: `==`,
    ///   hashing and coding ignore it). On each new state the list reads that record since the last state, so an
    ///   event that changes one row costs the same — one row read, one row compared — in a list of 10,000 rows as in
    ///   a list of 100. A change of the ids or their order costs time in the number of rows, as it does in the
    ///   collection itself. When the record cannot tell what happened (the collection was replaced by another, or a
    ///   copy of it that went its own way, or one state changed more than the 1,024 rows it keeps a record of), the
    ///   list compares every row: a change is never missed.
    /// - A row whose value was never read through Observation (a row of a long list never shown), or not read again
    ///   since its observers were told of a change, is updated without the registrar, since nobody can be waiting
    ///   for its change (see ``ObservableRow``'s "What notifies").
    ///
    /// Contrast a derived state per row, `store.map { $0.todos[id: id] }`: each runs its transform and its `==` on
    /// every new state, so N rows cost N calls per event, whichever row changed.
    ///
    /// ## Threading
    ///
    /// Isolated to the main actor. The store delivers its states on its queue; the list takes the changed rows there
    /// and applies them on the main queue, a burst of states in one hop, never going back to an older state. Sending
    /// from outside any store's callbacks is synchronous: the next read shows the result (see
    /// ``ObservableState``'s "Writes are synchronous").
    ///
    /// ## Lifetime
    ///
    /// The list keeps its store alive, as ``ObservableState`` does, and its subscription to the store ends when the
    /// list is released. Row objects refer to the list weakly, and a removed row's object lets go of it (see
    /// ``ObservableRow``).
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    public final class ObservableRows<Row: Identifiable & Sendable, Event>: Observable where Row.ID: Sendable {
        // `@exclusivity(unchecked)` on the `var`s of the list and of its rows: the benchmark's `rows.toggle.10k` target
        // (≤ 3× observable.update) needs it. They are confined to the main actor, and every access is a single read or
        // write that ends before any callback runs (a row's observers are told from `update(_:)`), so no two accesses
        // overlap. The path of a row's event is `@inlinable`, so that it runs compiled for the row's type.

        let registrar = ObservationRegistrar()
        /// The row objects, in the rows' order.
        @exclusivity(unchecked) var ordered: [ObservableRow<Row, Event>] = []
        /// The row objects, by id.
        @exclusivity(unchecked) @usableFromInline var objects: [Row.ID: ObservableRow<Row, Event>] = [:]
        /// Sends a row's event to the store, wrapped with the row's id; keeps the store alive.
        @usableFromInline let sendEvent: (Row.ID, Event) -> Void
        /// What the store delivered and this list has not applied.
        @usableFromInline let feed: RowsFeed<Row>
        /// The subscription to the store; cancelled when this list is released.
        @exclusivity(unchecked) var token: SubscriptionToken?
        /// True while `applyDelivered(endingHop:)` runs, so that a nested call leaves its delta to it.
        @exclusivity(unchecked) @usableFromInline var isApplying = false
        /// The row object whose ``send(_:forRow:)`` is running, if any: the row most likely changed.
        @exclusivity(unchecked) @usableFromInline var sender: ObservableRow<Row, Event>?
        /// Counts the passes over every row, to find the objects of removed rows.
        @exclusivity(unchecked) var pass = 0
        /// `\.rows`, made once (see `ObservableRowPaths`).
        let rowsPath: KeyPath<ObservableRows, [ObservableRow<Row, Event>]>
        /// What every row object shares: its key paths, and `==` when `Row` is `Equatable`.
        let rowPaths: ObservableRowPaths<Row, Event>
        let rowEquality: RuntimeEquality<Row>?

        /// Observes `store`'s state through `feed`, which `deliver` hands the rows of each state, on the store's queue
        /// (made where the state's type is known, so that taking what changed runs code compiled for it); sends row
        /// events with `send`.
        @usableFromInline
        init<S: State>(
            store: Store<S>,
            feed: RowsFeed<Row>,
            deliver: @escaping @Sendable (S) -> Bool,
            send: @escaping (Row.ID, Event) -> Void
        ) {
            self.feed = feed
            rowsPath = \.rows
            rowPaths = ObservableRowPaths()
            rowEquality = RuntimeEquality(Row.self)
            sendEvent = send
            token = store.subscribe { [weak self] state in
                // On the store's queue: take the touched rows, and hop once for however many states arrive.
                guard deliver(state) else { return }
                DispatchQueue.main.async { [weak self] in
                    MainActor.assumeIsolated { self?.applyDelivered(endingHop: true) }
                }
            }
            applyDelivered(endingHop: false)  // the rows delivered during `subscribe`
        }

        /// The row objects, in the rows' order: what a `ForEach` shows. Reading it registers the ids and their order
        /// with Observation; a change of a row's value does not notify it.
        ///
        /// ```swift
        /// ForEach(list.rows) { row in TodoRowView(row: row) }
        /// ```
        public var rows: [ObservableRow<Row, Event>] {
            registrar.access(self, keyPath: rowsPath)
            return ordered
        }

        /// The rows' ids, in order. Reading it registers the ids and their order, as ``rows`` does.
        ///
        /// ```swift
        /// let ids = list.ids
        /// ```
        public var ids: [Row.ID] {
            registrar.access(self, keyPath: rowsPath)
            return ordered.map { $0.id }
        }

        /// The number of rows. Reading it registers the ids and their order, as ``rows`` does.
        ///
        /// ```swift
        /// Text("\(list.count) todos")
        /// ```
        public var count: Int {
            registrar.access(self, keyPath: rowsPath)
            return ordered.count
        }

        /// The object of the row with `id`, or `nil`; in constant time. Registers the ids with Observation, as
        /// ``rows`` does.
        ///
        /// ```swift
        /// if let row = list[id: selection] { TodoDetailView(row: row) }
        /// ```
        ///
        /// - Parameter id: The row's id.
        public subscript(id id: Row.ID) -> ObservableRow<Row, Event>? {
            registrar.access(self, keyPath: rowsPath)
            return objects[id]
        }

        /// Sends `event` to the row with `id`, wrapped with the id as the store's event; ``ObservableRow/send(_:)``
        /// calls it.
        ///
        /// ```swift
        /// list.send(.toggle, forRow: 3)
        /// ```
        ///
        /// From outside any store's callbacks, the store handles the event before this returns and the rows show its
        /// result. An event for a row that is not there reaches the parent, which ignores it.
        ///
        /// - Parameters:
        ///   - event: The row's event.
        ///   - id: The row's id.
        @inlinable
        public func send(_ event: Event, forRow id: Row.ID) {
            sendEvent(id, event)
            applyDelivered(endingHop: false)
        }

        /// ``send(_:forRow:)`` from the row's own object, which then needs no look-up by id to show the row's new
        /// value.
        @inlinable
        func send(_ event: Event, from row: ObservableRow<Row, Event>) {
            sender = row
            defer { sender = nil }
            send(event, forRow: row.storage.id)
        }

        /// Applies what the store delivered, until nothing is left; a nested call leaves its work to the running one.
        ///
        /// - Parameter endingHop: True for the main-queue hop, which lets the next delivery schedule another.
        @inlinable
        func applyDelivered(endingHop: Bool) {
            guard !isApplying else {
                if endingHop { feed.endHop() }
                return
            }
            isApplying = true
            defer { isApplying = false }
            var endingHop = endingHop
            while let delta = feed.take(endingHop: endingHop) {
                apply(delta)
                endingHop = false
            }
        }

        /// Shows `delta`: every row when it has them (new objects for new rows, the removed rows' objects detached,
        /// ``rows`` notified when the ids or order changed), then the rows changed in place.
        @inlinable
        func apply(_ delta: RowsDelta<Row>) {
            if let whole = delta.whole { applyWhole(whole) }
            for row in delta.changed {
                if let sender, sender.storage.id == row.id, !sender.removed {
                    sender.update(row)  // the usual case: the row that sent the event changed
                } else {
                    objects[row.id]?.update(row)
                }
            }
        }

        /// Shows every row of `whole`, in order.
        @usableFromInline
        func applyWhole(_ whole: WholeRows<Row>) {
            pass += 1
            let rows = whole.rows()
            let comparesEveryRow = whole.comparesEveryRow
            let touched = whole.touched
            var next: [ObservableRow<Row, Event>] = []
            next.reserveCapacity(rows.count)
            var isSameOrder = rows.count == ordered.count
            for row in rows {
                let object: ObservableRow<Row, Event>
                if let existing = objects[row.id] {
                    object = existing
                    if comparesEveryRow || touched.contains(row.id) { object.update(row) }
                } else {
                    object = ObservableRow(row, list: self, pass: pass)
                    objects[row.id] = object
                }
                object.lastSeenPass = pass
                if isSameOrder && ordered[next.count] !== object { isSameOrder = false }
                next.append(object)
            }
            guard !isSameOrder else { return }
            let previous = ordered
            registrar.willSet(self, keyPath: rowsPath)
            ordered = next
            registrar.didSet(self, keyPath: rowsPath)
            for object in previous where object.lastSeenPass != pass {
                objects[object.id] = nil
                object.detach()
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ObservableRows {
        /// Observes the rows at `place` in `store`'s state, one object per row, and sends each row's events to the
        /// store, embedded with the row's id as the place says.
        ///
        /// ```swift
        /// let list = ObservableRows(todoStore, TodoList.todos)
        /// list.rows.map(\.title)            // the rows, in order
        /// list[id: 2]?.send(.toggle)        // sends TodoList.Event.todo(id: 2, .toggle)
        /// ```
        ///
        /// - Parameters:
        ///   - store: The store whose state holds the rows. Kept alive as long as the list (see "Lifetime" above).
        ///   - place: The place of the rows, which the store's state declares.
        @inlinable
        public convenience init<S: State>(
            _ store: Store<S>,
            _ place: ChildPlace<S, IdentifiedStates<Row>>
        ) where Row: ChildState, Event == Row.Event {
            let (rows, embed) = place.access
            // Strongly, as ObservableState does (see its `init(_:dispatchingTo:)`); `post` is `dispatch(event:)`
            // without the future nobody reads.
            let feed = RowsFeed<Row>()
            self.init(store: store, feed: feed, deliver: { feed.deliver($0[keyPath: rows]) }) { id, rowEvent in
                store.post(embed((id, rowEvent)))
            }
        }

        /// Observes the screens of the stack at `place` in `store`'s state, one ``ObservableRow`` per screen, as the
        /// rows of an ``/EffectStore/IdentifiedStates`` are: a screen's object notifies its observers when that screen changes, and
        /// the list's ``rows`` notify on pushes and pops.
        ///
        /// ```swift
        /// let screens = ObservableRows(store, App.path)
        /// screens.rows.last?.screen          // the top screen, observed on its own
        /// screens.rows.last?.send(.detail(.editTapped))   // sends .path(.element(id: …, .detail(.editTapped)))
        /// ```
        ///
        /// Each row is a ``/EffectStore/StackElement``: the screen's id and the screen. Main-actor isolated; the store, threading
        /// and lifetime are as for the rows of an ``/EffectStore/IdentifiedStates`` (see above).
        ///
        /// - Parameters:
        ///   - store: The store whose state holds the stack. Kept alive as long as the list.
        ///   - place: The place of the stack, which the store's state declares.
        @inlinable
        public convenience init<S: State, Screen: ChildState>(
            _ store: Store<S>,
            _ place: ChildPlace<S, ScreenStack<Screen>>
        ) where Row == StackElement<Screen>, Event == Screen.Event {
            let (screens, embed) = place.access
            let feed = RowsFeed<Row>()
            self.init(store: store, feed: feed, deliver: { feed.deliver($0[keyPath: screens].elements) }) {
                id, screenEvent in
                store.post(embed(.element(id: id, screenEvent)))
            }
        }
    }

    // MARK: - One row

    /// One row of an ``ObservableRows`` as an `Observable` object on the main actor: what a row view holds.
    ///
    /// Reading the row — ``state``, or a property on the object (`row.title`) — registers the row with Observation; a
    /// new value of this row notifies its observers, and a change of any other row never does. Events sent with
    /// ``send(_:)`` go to the row's place in the store: the list wraps them with the row's id, as the parent's
    /// routing, `route((id, event), to: Self.rows)`, expects them.
    ///
    /// ```swift
    /// struct TodoRowView: View {
    ///     let row: ObservableRow<Todo, Todo.Event>
    ///
    ///     var body: some View {
    ///         Toggle(row.title, isOn: Binding(row.binding(\.isDone, to: { _ in .toggle })))
    ///     }
    /// }
    /// ```
    ///
    /// ## What notifies
    ///
    /// The row is observed as a whole: reading any property of it registers the row, and a new value notifies when it
    /// differs from the one shown (compared with `==` when `Row` is `Equatable`; always otherwise). ``isRemoved``
    /// notifies once, when the row leaves the list.
    ///
    /// Observation tells an observer once and then ends its tracking (SwiftUI tracks anew when it renders the view
    /// again, by reading the row), so a row whose observers were told of a change is not notified again until it is
    /// read again: a row changed many times between two reads costs one notification.
    ///
    /// ## Threading
    ///
    /// Isolated to the main actor; new values arrive on the main queue, as for ``ObservableState``. ``send(_:)`` is
    /// synchronous from outside any store's callbacks: the next read shows the row's new value.
    ///
    /// ## Lifetime
    ///
    /// The object lives as long as its row: once the row is removed from the store's collection, the object keeps its
    /// last value, stops updating, reports ``isRemoved``, ignores ``send(_:)``, and holds nothing alive — not the list,
    /// not the store. While the row is there, it refers to its list weakly: keep the ``ObservableRows`` (a view's
    /// `@State`, a screen's model) for as long as its rows are shown. A row removed and later added again with the same
    /// id gets a new object.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @dynamicMemberLookup
    public final class ObservableRow<Row: Identifiable & Sendable, Event>: Observable, Identifiable
    where Row.ID: Sendable {
        // The stored properties that a routed row event reads and writes come first, right after the object's header
        // (whose reference count a send touches): the list, the value shown and the flags, so that at 10,000 rows,
        // where the object is out of cache, they are in the header's cache line as often as their sizes allow. The
        // hot path reads the id from the value shown, not from `id` below.

        /// The list that sends this row's events; `nil` once the row is removed.
        @exclusivity(unchecked) @usableFromInline weak var list: ObservableRows<Row, Event>?
        /// The value shown; changed only by `update(_:)`.
        @exclusivity(unchecked) @usableFromInline var storage: Row
        /// Whether the row has left the list.
        @exclusivity(unchecked) @usableFromInline var removed = false
        /// Whether the row's value was read through Observation since its observers were last told of a change: when
        /// not, nobody can be waiting for a change, and a new value is stored without telling the registrar (a long
        /// list's rows that were never on screen, or whose views have not read them again since, cost nothing).
        @exclusivity(unchecked) var isObserved = false
        /// The row's id.
        ///
        /// ```swift
        /// ForEach(list.rows) { row in TodoRowView(row: row) }   // identified by `id`
        /// ```
        public nonisolated let id: Row.ID
        let registrar = ObservationRegistrar()
        /// The list's last pass that found this row, to tell removed rows apart (see `ObservableRows.apply(_:)`).
        @exclusivity(unchecked) var lastSeenPass = 0
        /// `==` when `Row` is `Equatable`, to notify only when the row changed.
        let isEqual: RuntimeEquality<Row>?
        /// `\.state` and `\.isRemoved`, made once by the list for all its rows: a key path of a generic class written
        /// as a literal is instantiated anew, through the runtime's demangler, each time it is evaluated.
        let paths: ObservableRowPaths<Row, Event>

        init(_ row: Row, list: ObservableRows<Row, Event>, pass: Int) {
            id = row.id
            storage = row
            self.list = list
            lastSeenPass = pass
            isEqual = list.rowEquality
            paths = list.rowPaths
        }

        /// The row's value. Reading it registers the row with Observation.
        ///
        /// ```swift
        /// let todo = row.state
        /// ```
        public var state: Row {
            isObserved = true
            registrar.access(self, keyPath: paths.state)
            return storage
        }

        /// One property of the row, read as `row.title`. Registers the row with Observation.
        ///
        /// ```swift
        /// Text(row.title)
        /// ```
        ///
        /// - Parameter keyPath: The property of `Row` to read.
        /// - Returns: Its value in the row shown.
        public subscript<Member>(dynamicMember keyPath: KeyPath<Row, Member>) -> Member {
            isObserved = true
            registrar.access(self, keyPath: paths.state)
            return storage[keyPath: keyPath]
        }

        /// Whether the row has been removed from the list; the object then shows the row's last value and ignores
        /// events. Reading it registers it with Observation: it notifies once, at the removal.
        ///
        /// ```swift
        /// if row.isRemoved { dismiss() }
        /// ```
        public var isRemoved: Bool {
            registrar.access(self, keyPath: paths.isRemoved)
            return removed
        }

        /// Sends `event` to this row in the store, wrapped with the row's id; ignored once the row is removed.
        ///
        /// ```swift
        /// Button("Done") { row.send(.toggle) }
        /// ```
        ///
        /// From outside any store's callbacks (a view, an action), the store handles the event before this returns and
        /// the next read shows the row's new value, as ``ObservableState/send(_:)`` does.
        ///
        /// - Parameter event: The row's event.
        @inlinable
        public func send(_ event: Event) {
            list?.send(event, from: self)
        }

        /// A getter and setter for one property of the row, whose setter sends the event `event` makes of the new
        /// value.
        ///
        /// ```swift
        /// let title = row.binding(\.title, to: Todo.Event.rename)
        /// title.wrappedValue = "Oat milk"     // sends .rename("Oat milk") to this row
        /// TextField("Title", text: Binding(title))   // in SwiftUI
        /// ```
        ///
        /// - Parameters:
        ///   - keyPath: The property to read.
        ///   - event: Makes the row's event for a new value, usually an enum case such as `Todo.Event.rename`.
        /// - Returns: A binding that reads through this object and writes with ``send(_:)``.
        public func binding<Member>(
            _ keyPath: KeyPath<Row, Member> & Sendable, to event: @escaping @Sendable (Member) -> Event
        ) -> EventBinding<Member> {
            EventBinding(get: { self[dynamicMember: keyPath] }, set: { self.send(event($0)) })
        }

        /// Shows `row`, notifying the row's observers when it differs from the value shown.
        ///
        /// Observation tells an observer of a change once: `withObservationTracking`'s `onChange` runs once and ends
        /// its tracking, and SwiftUI reads the row again (tracking it anew) when it renders the view it invalidated. So
        /// once the observers are told, nobody waits for this row until it is read again, and later values are stored
        /// without the registrar — a row changed again and again while nobody reads it costs no more than a row never
        /// observed. A read in between (even one by an observer during `willSet`) marks it observed again.
        @usableFromInline
        func update(_ row: Row) {
            guard isObserved else {
                storage = row
                return
            }
            if let isEqual, isEqual(storage, row) { return }
            isObserved = false  // before `willSet`: an observer that reads the row from it marks it observed again
            registrar.willSet(self, keyPath: paths.state)
            storage = row
            registrar.didSet(self, keyPath: paths.state)
        }

        /// Ends the object's life as a row of the list: it stops updating, and lets go of the list.
        func detach() {
            list = nil
            registrar.willSet(self, keyPath: paths.isRemoved)
            removed = true
            registrar.didSet(self, keyPath: paths.isRemoved)
        }
    }

    /// The key paths through which an ``ObservableRow`` registers its reads and changes with Observation, made once
    /// per list.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    struct ObservableRowPaths<Row: Identifiable & Sendable, Event> where Row.ID: Sendable {
        let state: KeyPath<ObservableRow<Row, Event>, Row>
        let isRemoved: KeyPath<ObservableRow<Row, Event>, Bool>

        init() {
            state = \.state
            isRemoved = \.isRemoved
        }
    }
#endif
