/// An event source that turns another store's states into events for this one: Flux's "stores keep each other in
/// sync", in one line.
///
/// ```swift
/// let processStore = Store<ProcessState>(
///     effectHandler: ProcessEffects(service: service),
///     eventSource: StoreEventSource(sessionStore.map(\.isLoggedIn)) { $0 ? nil : .userDidLogOut }
/// )
/// ```
///
/// The function sees the source's current state first, then every later one, and returns the event to send, or
/// `nil`. Observe a ``DerivedState`` of the one field that matters, as above, to react only when that field
/// changes (an `Equatable` derived value is delivered only on change); observe the whole store to react to every
/// state it delivers.
///
/// To react to *changes* only — not to the state the source already has when this store is created — name the
/// field with ``init(_:whenChanged:event:)``: a session that starts logged out then sends no log-out.
///
/// ```swift
/// StoreEventSource(sessionStore, whenChanged: \.isLoggedIn) { $0 ? nil : .userDidLogOut }
/// ```
///
/// ## Threading and lifetime
///
/// - The function runs on the source store's queue, in the source's order; its events are handled on this store's
///   queue, asynchronously, in the order the function returned them, none lost or repeated (<doc:Threading>).
/// - The source is subscribed to when this store is created and observed for as long as this store lives. This
///   event source does not keep the source's store alive, nor this store.
public final class StoreEventSource<Event: Sendable>: EventSource {
    /// Subscribes to the source; used once, then dropped so nothing keeps the source alive.
    private var connect: ((@escaping @Sendable (Event) -> Void) -> SubscriptionToken)?
    /// The subscription to the source, for as long as this event source (that is, its store) lives.
    private var token: SubscriptionToken?
    /// The store the source reads from, for settling (`Store.waitUntilSettled(timeout:)`); weak, like the token.
    weak var feedingStore: (any SettlingMember)?

    /// Creates an event source that observes `source` and sends the events `event` returns.
    ///
    /// ```swift
    /// StoreEventSource(sessionStore) { session in session.isLoggedIn ? nil : .userDidLogOut }
    /// ```
    ///
    /// - Parameters:
    ///   - source: A ``Store`` or a ``DerivedState`` to observe.
    ///   - event: A pure function from the source's state to the event to send, or `nil` to send none. Runs on the
    ///     source store's queue.
    public init<Source: StateSource>(_ source: Source, event: @escaping @Sendable (Source.Value) -> Event?) {
        self.feedingStore = (source as? any SettlingOrigin)?.originStore
        self.connect = { dispatch in
            source.subscribe { value in
                if let event = event(value) { dispatch(event) }
            }
        }
    }

    /// Starts observing the source. Called once by the ``Store`` that owns this event source, while it is created.
    ///
    /// - Parameter dispatch: Sends an event into the owning store. Called on the source store's queue.
    public func configureEventSource(dispatch: @escaping @Sendable (Event) -> Void) {
        guard let connect else {
            fatalError(  // not preconditionFailure, whose message a release build (-O) drops
                """
                EffectStore: StoreEventSource<\(String(reflecting: Event.self))> was configured twice. Each store configures its event \
                source once. To fix, create one StoreEventSource per store.
                """
            )
        }
        self.connect = nil
        token = connect(dispatch)
    }
}

extension StoreEventSource: FeedingLink {}
