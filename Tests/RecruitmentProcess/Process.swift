/// A recruitment process a candidate can apply to: a job title at a company.
///
/// A plain value: compare it, hash it, send it across threads, encode it.
///
/// ```swift
/// let process = Process(id: "p-1", title: "iOS Engineer", company: "Jobandtalent")
/// process.status   // .open
/// ```
///
/// - Note: `Foundation` also declares a type named `Process`. In a file that imports `Foundation` (or `XCTest`),
///   write `RecruitmentProcess.Process`, or add `typealias Process = RecruitmentProcess.Process` to your module.
public struct Process: Identifiable, Equatable, Hashable, Sendable, Codable {
    /// Whether a process still accepts candidates.
    public enum Status: String, Equatable, Hashable, Sendable, Codable {
        /// Accepting applications.
        case open
        /// No longer accepting applications.
        case closed
    }

    /// A stable identifier, unique among processes.
    public let id: String
    /// The job title, for example "iOS Engineer".
    public let title: String
    /// The hiring company.
    public let company: String
    /// Whether the process accepts candidates.
    public let status: Status

    /// Creates a process.
    ///
    /// - Parameters:
    ///   - id: A stable identifier, unique among processes.
    ///   - title: The job title.
    ///   - company: The hiring company.
    ///   - status: Whether the process accepts candidates; `.open` by default.
    public init(id: String, title: String, company: String, status: Status = .open) {
        self.id = id
        self.title = title
        self.company = company
        self.status = status
    }
}

extension Process {
    /// Three sample processes, for demos, previews and tests.
    public static let examples: [Process] = [
        Process(id: "p-1", title: "iOS Engineer", company: "Jobandtalent"),
        Process(id: "p-2", title: "Warehouse Operator", company: "Logistics Co."),
        Process(id: "p-3", title: "Barista", company: "Coffee & Co.", status: .closed),
    ]
}
