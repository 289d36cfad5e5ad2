#if canImport(Darwin)
    import Dispatch
    import EffectStore
    import Foundation

    /// Flushes a writer when the app is backgrounded or about to end, where the platform says so.
    ///
    /// The names are those of UIKit's and AppKit's notifications, spelled out so the library need not import either:
    /// an app that has neither never posts them.
    final class LifecycleObservers: @unchecked Sendable {
        // Safe because: `tokens` is written once, in `observe`, right after `init` and before the object is shared,
        // and read only in `deinit`.
        private var tokens: [any NSObjectProtocol] = []

        /// Backgrounding: the flush starts, and the app's remaining moments let it finish.
        private static let backgrounding = ["UIApplicationDidEnterBackgroundNotification"]
        /// Termination: the posting thread waits (at most a few seconds) until the flush is done.
        private static let termination = [
            "UIApplicationWillTerminateNotification", "NSApplicationWillTerminateNotification",
        ]

        func observe(flush: @escaping @Sendable () -> Future<SavedFlush>?) {
            let center = NotificationCenter.default
            for name in Self.backgrounding {
                tokens.append(center.addObserver(forName: .init(name), object: nil, queue: nil) { _ in _ = flush() })
            }
            for name in Self.termination {
                tokens.append(
                    center.addObserver(forName: .init(name), object: nil, queue: nil) { _ in
                        guard let future = flush() else { return }
                        let done = DispatchSemaphore(value: 0)
                        future.onComplete { _ in done.signal() }
                        _ = done.wait(timeout: .now() + .seconds(4))
                    })
            }
        }

        deinit {
            for token in tokens { NotificationCenter.default.removeObserver(token) }
        }
    }
#endif
