// The recruitment-process feature, run for real: a session store, the process store with the in-memory service
// (the first download fails, the retry succeeds), then a log-out. It prints a legend of the log's format, the
// session's first state, then one line per transition, written by EffectStoreLogging's `TransitionLogger`:
// `[store] #number origin  event → state → effect`.
//
//     swift run recruitment-demo                      # the log
//     swift run recruitment-demo --record FILE.json   # the log, and the process store's session as JSON
//
// The recruitment tests replay the recorded session in `Tests/RecruitmentProcessTests/Fixtures/demo-session.json`.
import EffectStore
import EffectStoreLogging
import EffectStoreSessions
import Foundation  // for `exit` and `URL`; it also declares a `Process`, hence `RecruitmentProcess.Process` below
import RecruitmentProcess

/// Runs the scenario and returns the recorded session of the process store.
func runDemo() async -> SessionLog<ProcessState> {
    let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
    let service = InMemoryProcessService(processes: RecruitmentProcess.Process.examples, latency: .milliseconds(150))
    service.failNext(1, message: "Network unreachable")
    let store = makeProcessStore(service: service, sessionStore: sessionStore)

    print("legend: [store] #transition origin (dispatch, effect or source)  event → new state → effect asked for")
    print("[session] starts \(sessionStore.state)")
    let recorder = SessionRecorder(recording: store)
    let sessionLogging = sessionStore.logTransitions(TransitionLogger(label: "session"))
    let processLogging = store.logTransitions(TransitionLogger(label: "processes", maxValueLength: 60))
    let loggedOut = Promise<Void>()
    let logOutWatch = store.observeTransitions { transition in  // on the process store's queue
        if transition.event == .userDidLogOut { loggedOut.resolve(()) }
    }
    defer { [sessionLogging, processLogging, logOutWatch].forEach { $0.cancel() } }

    _ = await store.dispatch(event: .fetchProcesses).value  // fails after 150 ms
    _ = await store.dispatch(event: .fetchProcesses).value  // the retry succeeds

    // `userDidLogOut` reaches the process store asynchronously, from the session store's queue; the session's own
    // transition is logged first, before the session store notifies its subscribers.
    sessionStore.dispatch(event: .logOut)
    await loggedOut.future.value
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

let session = await runDemo()
if let recordURL {
    do {
        try session.write(to: recordURL)
        print("recorded \(session.entries.count) transitions to \(recordURL.path)")
    } catch {
        print("recruitment-demo: could not write \(recordURL.path): \(error)")
        exit(1)
    }
}
