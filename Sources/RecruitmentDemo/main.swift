// The recruitment-process feature, run for real: a session store, the process store with the in-memory service
// (the first download fails, the retry succeeds), then a log-out. Every line after the first is one transition,
// printed by EffectStore's `TransitionLogger`: `[store] #number origin  event → state → effect`.
//
//     swift run recruitment-demo                      # the log
//     swift run recruitment-demo --record FILE.json   # the log, and the process store's session as JSON
//
// The recruitment tests replay the recorded session in `Tests/RecruitmentProcessTests/Fixtures/demo-session.json`.
import Dispatch
import EffectStore
import Foundation  // for `exit` and `URL`; it also declares a `Process`, hence `RecruitmentProcess.Process` below
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

/// Runs the scenario; returns the recorded session of the process store, or `nil` if a step timed out.
func runDemo() -> SessionLog<ProcessState>? {
    let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
    let service = InMemoryProcessService(processes: RecruitmentProcess.Process.examples, latency: .milliseconds(150))
    service.failNext(1, message: "Network unreachable")
    let store = makeProcessStore(service: service, sessionStore: sessionStore)

    print("[session] starts \(sessionStore.state)")
    let recorder = SessionRecorder(recording: store)
    let sessionLogging = sessionStore.logTransitions(TransitionLogger(label: "session"))
    let processLogging = store.logTransitions(TransitionLogger(label: "processes", maxValueLength: 40))
    let loggedOut = Promise<Void>()
    let logOutWatch = store.observeTransitions { transition in  // on the process store's queue
        if transition.event == .userDidLogOut { loggedOut.resolve(()) }
    }
    defer { [sessionLogging, processLogging, logOutWatch].forEach { $0.cancel() } }

    guard waitForValue(of: store.dispatch(event: .fetchProcesses)) != nil,  // fails after 150 ms
        waitForValue(of: store.dispatch(event: .fetchProcesses)) != nil  // the retry succeeds
    else { return nil }

    // `userDidLogOut` reaches the process store asynchronously, from the session store's queue; the session's own
    // transition is logged first, before the session store notifies its subscribers.
    sessionStore.dispatch(event: .logOut)
    guard waitForValue(of: loggedOut.future) != nil else { return nil }
    recorder.stop()
    return recorder.log
}

let arguments = Array(CommandLine.arguments.dropFirst())
var recordURL: URL?
if let flag = arguments.firstIndex(of: "--record") {
    guard flag + 1 < arguments.count else {
        print("usage: recruitment-demo [--record FILE.json]")
        exit(2)
    }
    recordURL = URL(fileURLWithPath: arguments[flag + 1])
}

guard let session = runDemo() else {
    print("recruitment-demo: a step did not finish within 2 seconds")
    exit(1)
}
if let recordURL {
    do {
        try session.write(to: recordURL)
        print("recorded \(session.entries.count) transitions to \(recordURL.path)")
    } catch {
        print("recruitment-demo: could not write \(recordURL.path): \(error)")
        exit(1)
    }
}
