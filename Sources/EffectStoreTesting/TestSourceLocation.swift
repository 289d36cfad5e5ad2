/// The place in a test a failure points at: the file (as `#fileID` and `#filePath`), line and column of the call
/// that made the wrong expectation.
///
/// Every assertion of EffectStoreTesting takes `fileID`, `file`, `line` and `column` parameters whose defaults are the
/// caller's, and hands them to its ``TestFailureReporter`` as one `TestSourceLocation`. Swift Testing shows an issue
/// at all four; XCTest uses the file path and line. Make one yourself when you write an assertion of your own on top
/// of this toolkit:
///
/// ```swift
/// func assertSaved(
///     _ state: Counter, reporter: TestFailureReporter = .automatic,
///     fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
/// ) {
///     guard !state.isSaved else { return }
///     let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
///     reporter.report("\(state) is not saved", at: location)
/// }
/// ```
public struct TestSourceLocation: Sendable, CustomStringConvertible {
    /// The file as `#fileID` gives it: `Module/File.swift`.
    public let fileID: StaticString
    /// The file as `#filePath` gives it: the full path, which XCTest needs.
    public let filePath: StaticString
    /// The line, from 1.
    public let line: UInt
    /// The column, from 1.
    public let column: UInt

    /// Creates a location; every parameter defaults to the caller's.
    ///
    /// ```swift
    /// let here = TestSourceLocation()   // this line of this file
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The file as `#fileID`: `Module/File.swift`.
    ///   - filePath: The file as `#filePath`.
    ///   - line: The line.
    ///   - column: The column.
    public init(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `File.swift:12:5`, the way test runners print a location.
    public var description: String { "\(fileName):\(line):\(column)" }

    /// The file's name: the last component of ``filePath``.
    var fileName: String { "\(filePath)".split(separator: "/").last.map(String.init) ?? "\(filePath)" }

    /// A location made from a file path and line alone (``TestFailureReporter/report(_:file:line:)``): the module is
    /// unknown, so the file ID is the file's name.
    init(filePath: StaticString, line: UInt) {
        self.init(fileID: "", filePath: filePath, line: line, column: 1)
    }

    /// `fileID` as Swift Testing wants it, `Module/File.swift`, checked against ``filePath``.
    ///
    /// A helper that passes only `file:` and `line:` on to an assertion leaves `fileID` and `column` at the helper's
    /// own line; when the two files differ, the file ID is rebuilt from the path (keeping the module, which is right
    /// for a helper in the test's own module) and the column dropped, so the issue shows the right file.
    var consistentFileID: (fileID: String, column: UInt) {
        let id = "\(fileID)"
        let module = id.split(separator: "/").first.map(String.init) ?? ""
        if id.hasSuffix("/" + fileName) { return (id, max(column, 1)) }
        return ((module.isEmpty || module == id ? "_" : module) + "/" + fileName, 1)
    }
}
