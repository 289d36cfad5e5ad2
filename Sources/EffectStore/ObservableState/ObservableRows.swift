#if canImport(Observation)
    import Dispatch
    import Observation

    /// The rows of a list feature as `Observable` objects on the main actor, one per row, for a SwiftUI `ForEach`:
    /// a change of one row notifies that row's observers only, at a cost that does not grow with the number of rows.
    ///
    /// A parent keeps its rows in an ``IdentifiedStates`` and routes their events with
    /// ``ChildState/handle(_:forRow:in:effect:)``. The list view shows ``rows``, and each row view holds its
    /// ``ObservableRow``, reads its row, and sends the row's events:
    ///
    /// ```swift
    /// struct TodoListView: View {
    ///     @State private var list = ObservableRows(todoStore, rows: \.todos, event: TodoList.Event.todo)
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
    ///   an edit by the parent through any member of ``IdentifiedStates``, a wholesale replacement of the collection.
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
        let registrar = ObservationRegistrar()
        /// The row objects, in the rows' order.
        var ordered: [ObservableRow<Row, Event>] = []
        /// The row objects, by id.
        var objects: [Row.ID: ObservableRow<Row, Event>] = [:]
        /// Sends a row's event to the store, wrapped with the row's id; keeps the store alive.
        let sendEvent: (Row.ID, Event) -> Void
        /// What the store delivered and this list has not applied.
        let feed: RowsFeed<Row>
        /// The subscription to the store; cancelled when this list is released.
        var token: SubscriptionToken?
        /// True while `applyDelivered(endingHop:)` runs, so that a nested call leaves its delta to it.
        var isApplying = false
        /// The row object whose ``send(_:forRow:)`` is running, if any: the row most likely changed.
        var sender: ObservableRow<Row, Event>?
        /// Counts the passes over every row, to find the objects of removed rows.
        var pass = 0
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
        public func send(_ event: Event, forRow id: Row.ID) {
            sendEvent(id, event)
            applyDelivered(endingHop: false)
        }

        /// ``send(_:forRow:)`` from the row's own object, which then needs no look-up by id to show the row's new
        /// value.
        func send(_ event: Event, from row: ObservableRow<Row, Event>) {
            sender = row
            defer { sender = nil }
            send(event, forRow: row.storage.id)
        }

        /// Applies what the store delivered, until nothing is left; a nested call leaves its work to the running one.
        ///
        /// - Parameter endingHop: True for the main-queue hop, which lets the next delivery schedule another.
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
        /// Observes the rows kept at `rows` in `store`'s state, one object per row, and sends each row's events to the
        /// store wrapped by `event` with the row's id.
        ///
        /// ```swift
        /// let list = ObservableRows(todoStore, rows: \.todos, event: TodoList.Event.todo)
        /// list.rows.map(\.title)            // the rows, in order
        /// list[id: 2]?.send(.toggle)        // sends TodoList.Event.todo(id: 2, .toggle)
        /// ```
        ///
        /// - Parameters:
        ///   - store: The store whose state holds the rows. Kept alive as long as the list (see "Lifetime" above).
        ///   - rows: Where the state keeps its rows.
        ///   - event: Wraps a row's id and event in the store's event, usually an enum case such as
        ///     `TodoList.Event.todo`: the event the parent routes with ``ChildState/handle(_:forRow:in:effect:)``.
        @inlinable
        public convenience init<S: State>(
            _ store: Store<S>,
            rows: KeyPath<S, IdentifiedStates<Row>> & Sendable,
            event: @escaping (Row.ID, Event) -> S.Event
        ) {
            // Strongly, as ObservableState does (see its `init(_:dispatchingTo:)`); `post` is `dispatch(event:)`
            // without the future nobody reads.
            let feed = RowsFeed<Row>()
            self.init(store: store, feed: feed, deliver: { feed.deliver($0[keyPath: rows]) }) { id, rowEvent in
                store.post(event(id, rowEvent))
            }
        }

        /// Observes the screens of the ``ScreenStack`` at `screens` in `store`'s state, one ``ObservableRow`` per
        /// screen, as the rows of an ``IdentifiedStates`` are: a screen's object notifies its observers when that
        /// screen changes, and the list's ``rows`` notify on pushes and pops.
        ///
        /// ```swift
        /// let screens = ObservableRows(store, screens: \.path, event: App.Event.path)
        /// screens.rows.last?.screen          // the top screen, observed on its own
        /// screens.rows.last?.send(.detail(.editTapped))   // sends .path(.element(id: …, .detail(.editTapped)))
        /// ```
        ///
        /// Each row is a ``StackElement``: the screen's id and the screen. Main-actor isolated; the store, threading
        /// and lifetime are as for the rows of an ``IdentifiedStates`` (see above).
        ///
        /// - Parameters:
        ///   - store: The store whose state holds the stack. Kept alive as long as the list.
        ///   - screens: Where the state keeps its stack.
        ///   - event: Wraps a stack event in the store's event, usually an enum case such as `App.Event.path`: the
        ///     event the parent routes with ``ChildState/handle(_:in:effect:)-(StackEvent<Screen.Event>,_,_)``.
        @inlinable
        public convenience init<S: State, Screen: ChildState>(
            _ store: Store<S>,
            screens: KeyPath<S, ScreenStack<Screen>> & Sendable,
            event: @escaping (StackEvent<Screen.Event>) -> S.Event
        ) where Row == StackElement<Screen>, Event == Screen.Event {
            let feed = RowsFeed<Row>()
            self.init(store: store, feed: feed, deliver: { feed.deliver($0[keyPath: screens].elements) }) {
                id, screenEvent in
                store.post(event(.element(id: id, screenEvent)))
            }
        }
    }
#endif
