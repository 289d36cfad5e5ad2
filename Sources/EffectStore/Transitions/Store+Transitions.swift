import Foundation

extension Store {
    /// Calls `observer` with every transition the store takes from now on, in order: each event it handles —
    /// dispatched, answered by an effect, or sent by its event source — and each undo and redo.
    ///
    /// ```swift
    /// let token = store.observeTransitions { transition in
    ///     print(transition.sequenceNumber, transition.origin, transition.event as Any, "→", transition.to)
    /// }
    /// ```
    ///
    /// Unlike a subscriber, an observer also sees the events that leave the state unchanged, and sees where each
    /// came from and what effect it returned. For each transition, observers are called after the new state is
    /// committed and before subscribers are notified of it, and before the effect reaches the effect handler.
    /// EffectStoreLogging's `TransitionLogger` and EffectStoreSessions' `SessionRecorder` are observers.
    ///
    /// With no observer (and no undo history) installed, the store does no work for observation: one `Bool`
    /// check per event. With one installed, each event also copies the previous state and reads the clock.
    ///
    /// Called from outside any store, the observer is installed when this returns, and sees every later
    /// transition; from inside a store's callbacks, as ``subscribe(_:)`` is (see <doc:Threading>).
    ///
    /// - Parameter observer: Runs on the store's queue, once per transition, in order, never concurrently with
    ///   itself or with the store's other callbacks. It may read ``state``, dispatch, subscribe, observe and cancel
    ///   without deadlock (what it dispatches is handled after the current event).
    /// - Returns: A token that keeps the observer installed. Cancel or release it to stop. Neither the token nor
    ///   the observer keeps the store alive.
    public func observeTransitions(
        _ observer: @escaping @Sendable (StoreTransition<S>) -> Void
    ) -> SubscriptionToken {
        addObserver(observer, onInstall: nil)
    }

    /// Installs `block` as a transition observer; `onInstall` runs on the queue with the state at that moment,
    /// before any transition reaches the block.
    /// Package access: EffectStoreSessions' `SessionRecorder` installs itself with it, reading the starting state on
    /// the queue.
    package func addObserver(
        _ block: @escaping @Sendable (StoreTransition<S>) -> Void,
        onInstall: (@Sendable (S) -> Void)?
    ) -> SubscriptionToken {
        let observer = TransitionObserver(store: self, block: block)
        schedule(
            .call { store in
                store.assertOnQueue()
                guard observer.isActive else { return }  // cancelled before this queued installation ran
                store.extras.observers.append(observer)
                store.needsTransitions = true
                onInstall?(store.stateOnQueue(reading: "Store.observeTransitions(_:)"))
            })
        return SubscriptionToken(observer)
    }

    /// Removes an observer; called by its token.
    func removeObserver(_ observer: TransitionObserver<S>) {
        schedule(
            .call { store in
                store.assertOnQueue()
                observer.isActive = false
                let extras = store.extras
                if let index = extras.observers.firstIndex(where: { $0 === observer }) {
                    extras.observers.remove(at: index)
                }
                store.needsTransitions = extras.needsTransitions
            })
    }
}
