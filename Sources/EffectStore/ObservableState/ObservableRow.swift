#if canImport(Observation)
    import Observation

    /// One row of an ``ObservableRows`` as an `Observable` object on the main actor: what a row view holds.
    ///
    /// Reading the row — ``state``, or a property on the object (`row.title`) — registers the row with Observation; a
    /// new value of this row notifies its observers, and a change of any other row never does. Events sent with
    /// ``send(_:)`` go to the row's place in the store: the list wraps them with the row's id, as the parent's
    /// `handle(_:forRow:in:effect:)` expects them.
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
        weak var list: ObservableRows<Row, Event>?
        /// The value shown; changed only by `update(_:)`.
        var storage: Row
        /// Whether the row has left the list.
        var removed = false
        /// Whether the row's value was read through Observation since its observers were last told of a change: when
        /// not, nobody can be waiting for a change, and a new value is stored without telling the registrar (a long
        /// list's rows that were never on screen, or whose views have not read them again since, cost nothing).
        var isObserved = false
        /// The row's id.
        ///
        /// ```swift
        /// ForEach(list.rows) { row in TodoRowView(row: row) }   // identified by `id`
        /// ```
        public nonisolated let id: Row.ID
        let registrar = ObservationRegistrar()
        /// The list's last pass that found this row, to tell removed rows apart (see `ObservableRows.apply(_:)`).
        var lastSeenPass = 0
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
