extension Store {
    /// Connects another event source to this store after it was created: a store may have any number.
    ///
    /// Two stores that feed each other are wired this way, in either order, with no relay — each one's
    /// ``StoreEventSource`` observes the other without keeping it alive:
    ///
    /// ```swift
    /// let session = Store<SessionState>()
    /// let feed = Store<FeedState>(
    ///     effectHandler: FeedEffects(api: api),
    ///     eventSource: StoreEventSource(session, whenChanged: \.isLoggedIn) { $0 ? nil : .reset }
    /// )
    /// session.addEventSource(StoreEventSource(feed, whenChanged: \.tokenExpired) { $0 ? .logOut : nil })
    /// ```
    ///
    /// The store calls `eventSource.configureEventSource(dispatch:)` once, on this thread, before this returns, and
    /// holds the event source until the store is released, like the one given at creation; its events are handled
    /// like that one's, with origin ``TransitionOrigin/eventSource``.
    ///
    /// - Parameter eventSource: Feeds outside events in.
    public func addEventSource<ES: EventSource>(_ eventSource: ES) where ES.DispatchedEvent == S.Event {
        stateBox.withLock { committed in
            let extras = extras(in: &committed)
            extras.addedEventSources.append(eventSource)
        }
        eventSource.configureEventSource { [weak self] event in
            self?.schedule(.event(event, origin: .eventSource, promise: nil))
        }
    }

    /// The event sources feeding this store, the one given at creation first. Safe from any thread.
    var allEventSources: [AnyObject] {
        let (first, added) = stateBox.withLock { ($0.eventSource, $0.extras?.addedEventSources ?? []) }
        return (first.map { [$0] } ?? []) + added
    }
}
