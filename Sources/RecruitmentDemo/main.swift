// The recruitment-process feature, run for real: a session store, the process store with the in-memory service
// (the first download fails, the retry succeeds), then a log-out. Each line is one step the process store took:
// `event → state → effect`.
import Dispatch
import EffectStore
import Foundation  // for `exit`; it also declares a `Process`, hence `RecruitmentProcess.Process` below
import RecruitmentProcess

/// The value of `future`, or `nil` if it does not resolve within `seconds`.
func waitForValue<Value: Sendable>(of future: Future<Value>, seconds: Double = 2) -> Value? {
    let semaphore = DispatchSemaphore(value: 0)
    let slot = Slot<Value>()
    future.onComplete { value in
        slot.value = value
        semaphore.signal()
    }
    guard semaphore.wait(timeout: .now() + seconds) == .success else { return nil }
    return slot.value
}

/// One value handed from the thread that resolves a future to the thread waiting on the semaphore.
final class Slot<Value>: @unchecked Sendable {
    // Safe because: written once, before `semaphore.signal()`, and read only after `wait` returns `.success`; the
    // semaphore orders the two.
    var value: Value?
}

func runDemo() -> Bool {
    let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
    let service = InMemoryProcessService(processes: RecruitmentProcess.Process.examples, latency: .milliseconds(150))
    service.failNext(1, message: "Network unreachable")
    let store = Store<Traced<ProcessState>>(
        effectHandler: TracedEffects(ProcessEffects(service: service)),
        eventSource: TracedEvents(ProcessEvents(sessionStore: sessionStore))
    )

    print("session: \(Describe.session(sessionStore.state))")
    let loggedOut = Promise<Void>()
    let token = store.subscribe { traced in  // runs on the process store's queue
        print(Describe.line(traced))
        if traced.lastEvent == .userDidLogOut { loggedOut.resolve(()) }
    }
    defer { token.cancel() }

    guard waitForValue(of: store.dispatch(event: .fetchProcesses)) != nil,  // fails after 150 ms
        waitForValue(of: store.dispatch(event: .fetchProcesses)) != nil  // the retry succeeds
    else { return false }

    // Printed first: `userDidLogOut` reaches the process store asynchronously, from the session store's queue, and
    // may be printed before `dispatch` returns here.
    print("session: logOut")
    sessionStore.dispatch(event: .logOut)
    guard waitForValue(of: loggedOut.future) != nil else { return false }
    print("session: \(Describe.session(sessionStore.state))")
    return true
}

if !runDemo() {
    print("recruitment-demo: a step did not finish within 2 seconds")
    exit(1)
}
