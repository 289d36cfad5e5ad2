// effectstore-inspect: writes the inspector page of a recorded session (see SessionInspector).
//
//     swift run effectstore-inspect session.json                  # writes session.html beside it
//     swift run effectstore-inspect session.json --output bug.html
import EffectStoreSessions
import Foundation

let usage = """
    usage: effectstore-inspect <session.json> [--output <page.html>]

    Writes one self-contained HTML page that shows a session recorded with SessionRecorder (SessionLog.write(to:)):
    every transition, the state after each as a tree, and what changed, by path. Open it in a browser; ← and → step
    through time. Without --output, the page is written beside the session, with the extension .html.
    """

/// Prints `message` to standard error and exits with status 1 (a usage error: 64).
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("effectstore-inspect: \(message)\n".utf8))
    exit(status)
}

var input: String?
var output: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print(usage)
        exit(0)
    case "-o", "--output":
        guard let path = arguments.popFirst() else { fail("\(argument) needs a path.\n\n\(usage)", status: 64) }
        output = path
    case let option where option.hasPrefix("-") && option != "-":
        fail("unknown option \(option).\n\n\(usage)", status: 64)
    default:
        guard input == nil else { fail("one session at a time; \(argument) is a second one.\n\n\(usage)", status: 64) }
        input = argument
    }
}
guard let input else { fail("no session given.\n\n\(usage)", status: 64) }

let inputURL = URL(fileURLWithPath: input)
let outputURL =
    output.map { URL(fileURLWithPath: $0) } ?? inputURL.deletingPathExtension().appendingPathExtension("html")
guard outputURL.standardizedFileURL != inputURL.standardizedFileURL else {
    fail("the page would replace the session itself; give another path with --output.", status: 64)
}

let page: String
do {
    page = try SessionInspector.page(forSessionAt: inputURL)
} catch let error as SessionInspector.InputError {
    fail("\(input): \(error.description) Nothing was written.")
} catch {
    fail("\(input): \((error as NSError).localizedDescription) Nothing was written.")
}
do {
    try Data(page.utf8).write(to: outputURL, options: .atomic)
    print(outputURL.path)
} catch {
    fail("cannot write \(outputURL.path): \((error as NSError).localizedDescription)")
}
