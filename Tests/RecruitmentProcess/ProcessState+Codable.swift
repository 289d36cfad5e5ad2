// `Codable` for the process list's state and events, so a session of the feature can be recorded and replayed
// (`SessionRecorder`, `SessionLog`). Written by hand because Swift synthesises `Codable` only in the file that
// declares a type. The form is `{"case": "loaded", "processes": [...]}`: readable in a committed fixture.

extension ProcessState: Codable {
    private enum CodingKeys: String, CodingKey {
        case `case`, processes, message
    }

    private enum Case: String, Codable {
        case idle, loading, loaded, error
    }

    /// Decodes a state written by ``encode(to:)``.
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Case.self, forKey: .case) {
        case .idle: self = .idle
        case .loading: self = .loading
        case .loaded: self = .loaded(try container.decode([Process].self, forKey: .processes))
        case .error: self = .error(try container.decode(String.self, forKey: .message))
        }
    }

    /// Encodes the state as its case name and associated value.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .idle:
            try container.encode(Case.idle, forKey: .case)
        case .loading:
            try container.encode(Case.loading, forKey: .case)
        case .loaded(let processes):
            try container.encode(Case.loaded, forKey: .case)
            try container.encode(processes, forKey: .processes)
        case .error(let message):
            try container.encode(Case.error, forKey: .case)
            try container.encode(message, forKey: .message)
        }
    }
}

extension ProcessState.Event: Codable {
    private enum CodingKeys: String, CodingKey {
        case `case`, processes, reason
    }

    private enum Case: String, Codable {
        case fetchProcesses, load, failed, userDidLogOut
    }

    /// Decodes an event written by ``encode(to:)``.
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Case.self, forKey: .case) {
        case .fetchProcesses: self = .fetchProcesses
        case .load: self = .load(processes: try container.decode([Process].self, forKey: .processes))
        case .failed: self = .failed(reason: try container.decode(String.self, forKey: .reason))
        case .userDidLogOut: self = .userDidLogOut
        }
    }

    /// Encodes the event as its case name and associated values.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .fetchProcesses:
            try container.encode(Case.fetchProcesses, forKey: .case)
        case .load(let processes):
            try container.encode(Case.load, forKey: .case)
            try container.encode(processes, forKey: .processes)
        case .failed(let reason):
            try container.encode(Case.failed, forKey: .case)
            try container.encode(reason, forKey: .reason)
        case .userDidLogOut:
            try container.encode(Case.userDidLogOut, forKey: .case)
        }
    }
}

/// The effects encode their own cases, so that a recorded session's effects — plans included, which the recording
/// encodes itself, with their ids — can be compared when the session is replayed. A plan is never encoded here.
extension ProcessState.Work: Encodable {
    /// Encodes the work as its case name.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .downloadProcesses:
            try container.encode("downloadProcesses")
        }
    }
}
