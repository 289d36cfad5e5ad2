// effectstore-session-bench: records a long session of a store with a large state and writes it, timing each part —
// the figures of issue 35 (10,000 events on a 1,000-row state, one row per event) and the large session that
// .ci/check-inspector opens in a browser.
//
//     swift run -c release effectstore-session-bench                     # 10,000 events, 1,000 rows
//     swift run effectstore-session-bench --events 2000 --output s.json  # a smaller one, kept
//
// Every event toggles one row and asks for an effect (a save, or every tenth a search under an id that cancels the one
// in flight); one in a thousand is an undo, and one a redo; a few rename a row (a hostile string and a right-to-left
// override among them, which the page must show as text) and change the password, which the state declares secret:
// it must never reach the file.
import EffectStore
import EffectStoreLogging
import EffectStoreSessions
import Foundation

/// A board of rows, as a screen of an app holds it.
struct Board: State, Equatable, Codable {
    struct Row: Identifiable, Equatable, Codable, Sendable {
        let id: Int
        var title: String
        var isOn = false
        var count = 0
    }

    var rows: IdentifiedStates<Row>
    var query = ""
    var isSubmitting = false
    var password = ""

    enum Event: Equatable, Codable, Sendable {
        case toggle(id: Int)
        case typed(String)
        case rename(id: Int, title: String)
        case passwordChanged(String)
    }

    enum SearchID: Hashable, Codable, Sendable { case request }

    enum Work: Sendable, Equatable {
        case save(id: Int, isOn: Bool)
        case search(String)
    }
    typealias Effect = Planned<Work>

    static var initialState: Board { Board(rows: 1_000) }

    init(rows: Int) {
        self.rows = IdentifiedStates((0..<rows).map { Row(id: $0, title: "Row \($0)") })
    }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .toggle(let id):
            guard let isOn = rows[id: id].map({ !$0.isOn }) else { return nil }
            rows[id: id]?.isOn = isOn
            rows[id: id]?.count += 1
            return .work(.save(id: id, isOn: isOn))
        case .typed(let query):
            self.query = query
            isSubmitting = !query.isEmpty
            return Effect.work(.search(query)).cancellable(id: SearchID.request, cancelInFlight: true)
        case .rename(let id, let title):
            rows[id: id]?.title = title
            return nil
        case .passwordChanged(let password):
            self.password = password
            return nil
        }
    }
}

/// The work encodes itself (and so its `Planned` effects); the recording encodes plans and ids.
extension Board.Work: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .save(let id, let isOn): try container.encode(["save": ["id": id, "isOn": isOn ? 1 : 0]])
        case .search(let query): try container.encode(["search": query])
        }
    }
}

/// The password is secret.
extension Board: SessionRedacting {
    static var sessionRedaction: SessionRedaction<Board> {
        SessionRedaction().replacing(\.password, with: "•••").events { event in
            guard case .passwordChanged = event else { return event }
            return .passwordChanged("•••")
        }
    }
}

let secret = "hunter2-secret"

func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let eventCount = option("--events").flatMap(Int.init) ?? 10_000
let rowCount = option("--rows").flatMap(Int.init) ?? 1_000
let output =
    option("--output").map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("effectstore-session-bench.json")

func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

/// The most memory the process has held so far, in MB (the peak resident set).
func peakMegabytes() -> Double {
    var usage = rusage()
    #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    #else
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
    #endif
}

/// Performs nothing and answers nothing: the session records the effects asked for, which is what is measured.
final class NoAnswers: EffectHandler {
    func handle(effect: Board.Effect) -> Future<Board.Event>? { nil }
}

let store = Store<Board>(initialState: Board(rows: rowCount), effectHandler: NoAnswers())
store.enableUndo(limit: 10)
let recorder = SessionRecorder(recording: store, limit: eventCount)
let recordStart = DispatchTime.now()
var last: Future<Board>?
for index in 0..<eventCount {
    switch index {
    case 3: last = store.dispatch(event: .rename(id: 1, title: "</script><script>alert(1)</script>"))
    case 4: last = store.dispatch(event: .rename(id: 2, title: "\u{202E}evil"))
    case 5: last = store.dispatch(event: .passwordChanged(secret))
    case _ where index % 1_000 == 500: store.undo()
    case _ where index % 1_000 == 501: store.redo()
    case _ where index % 10 == 7: last = store.dispatch(event: .typed("query \(index)"))
    default: last = store.dispatch(event: .toggle(id: (index * 7) % rowCount))
    }
}
_ = await last?.value
let recordSeconds = seconds(since: recordStart)
let log = recorder.log
recorder.stop()

let writeStart = DispatchTime.now()
do {
    try log.write(to: output)
} catch {
    print("effectstore-session-bench: could not write \(output.path): \(error)")
    exit(1)
}
let writeSeconds = seconds(since: writeStart)
let bytes = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
let data = (try? Data(contentsOf: output)) ?? Data()
let holdsSecret = data.range(of: Data(secret.utf8)) != nil

print(
    """
    effectstore-session-bench: \(log.entries.count) entries on a \(rowCount)-row state
      recorded in \(String(format: "%.2f", recordSeconds)) s
      written in \(String(format: "%.2f", writeSeconds)) s: \(bytes) bytes \
    (\(String(format: "%.1f", Double(bytes) / 1_048_576)) MB, \(bytes / max(log.entries.count, 1)) bytes an entry)
      peak memory of the process: \(String(format: "%.0f", peakMegabytes())) MB
      the secret in the file: \(holdsSecret ? "YES" : "no")
      file: \(output.path)
    """)
if holdsSecret { exit(1) }
