/// What the process-list screen shows, derived from ``ProcessState`` with a pure function: the state-container
/// rule `UI = render(viewState(domainState))`.
///
/// A view draws itself from this value alone — title, rows, spinner, error banner, placeholder, whether "refresh"
/// is enabled — so it looks the same for the same state, and the wording lives here, where a test can pin it down
/// without a view. Get a live one from a store with `map`:
///
/// ```swift
/// let viewState = processStore.map(ProcessListViewState.init)   // a DerivedState<ProcessListViewState>
/// let token = viewState.subscribe(on: .main) { viewState in listView.render(state: viewState) }
///
/// ProcessListViewState(.error("Offline")).errorBanner   // "Could not load the processes: Offline"
/// ```
///
/// Through `map`, ``init(_:)`` runs on the process store's serial queue for subscribers (then `subscribe(on:)`
/// hops to the queue you name), and on the reading thread for `state`. Because the value is `Equatable`, a
/// subscriber hears only about states that change what the screen shows.
public struct ProcessListViewState: Equatable, Hashable, Sendable {
    /// One process in the list.
    public struct Row: Identifiable, Equatable, Hashable, Sendable {
        /// The process's ``Process/id``.
        public let id: String
        /// The job title, for example "iOS Engineer".
        public let title: String
        /// The company, followed by " · closed" for a process that no longer accepts candidates.
        public let detail: String
        /// Whether the process still accepts candidates; a closed one is drawn dimmed and cannot be tapped.
        public let isOpen: Bool

        /// Creates a row.
        ///
        /// ```swift
        /// let row = ProcessListViewState.Row(id: "p-1", title: "iOS Engineer", detail: "Jobandtalent", isOpen: true)
        /// ```
        ///
        /// - Parameters:
        ///   - id: The process's identifier.
        ///   - title: The job title.
        ///   - detail: The line under the title.
        ///   - isOpen: Whether the process accepts candidates.
        public init(id: String, title: String, detail: String, isOpen: Bool) {
            self.id = id
            self.title = title
            self.detail = detail
            self.isOpen = isOpen
        }

        /// The row for `process`.
        ///
        /// ```swift
        /// ProcessListViewState.Row(Process.examples[2]).detail   // "Coffee & Co. · closed"
        /// ```
        ///
        /// - Parameter process: The process to show.
        public init(_ process: Process) {
            let isOpen = process.status == .open
            self.init(
                id: process.id,
                title: process.title,
                detail: isOpen ? process.company : "\(process.company) · closed",
                isOpen: isOpen
            )
        }
    }

    /// The navigation title: "Processes", with the count once the list is loaded, as in "Processes (3)".
    public let title: String
    /// The processes to list, in the order the service returned them; empty unless loaded.
    public let rows: [Row]
    /// Whether to show the spinner: a download is in flight.
    public let isLoading: Bool
    /// The error banner's text after a failed download, or `nil` to hide the banner.
    public let errorBanner: String?
    /// The text shown where the rows would be when there are none and nothing else explains why, or `nil`.
    public let placeholder: String?
    /// Whether pull-to-refresh and the retry button are enabled: not while a download is in flight, because
    /// ``ProcessState`` ignores ``ProcessState/Event/fetchProcesses`` then.
    public let isRefreshEnabled: Bool

    /// Creates a view state from its parts, for tests and previews; views get theirs from ``init(_:)``.
    ///
    /// ```swift
    /// let loading = ProcessListViewState(title: "Processes", rows: [], isLoading: true, errorBanner: nil,
    ///                                    placeholder: nil, isRefreshEnabled: false)
    /// ```
    ///
    /// - Parameters:
    ///   - title: The navigation title.
    ///   - rows: The processes to list.
    ///   - isLoading: Whether to show the spinner.
    ///   - errorBanner: The error banner's text, or `nil`.
    ///   - placeholder: The text shown when there are no rows, or `nil`.
    ///   - isRefreshEnabled: Whether refreshing is enabled.
    public init(
        title: String,
        rows: [Row],
        isLoading: Bool,
        errorBanner: String?,
        placeholder: String?,
        isRefreshEnabled: Bool
    ) {
        self.title = title
        self.rows = rows
        self.isLoading = isLoading
        self.errorBanner = errorBanner
        self.placeholder = placeholder
        self.isRefreshEnabled = isRefreshEnabled
    }

    /// What the screen shows for `state`: a pure function, so `store.map(ProcessListViewState.init)` works.
    ///
    /// ```swift
    /// ProcessListViewState(.idle).placeholder                       // "Pull to load your processes."
    /// ProcessListViewState(.loading).isLoading                      // true
    /// ProcessListViewState(.loaded(Process.examples)).title         // "Processes (3)"
    /// ProcessListViewState(.loaded([])).placeholder                 // "No processes right now."
    /// ProcessListViewState(.error("Offline")).errorBanner           // "Could not load the processes: Offline"
    /// ```
    ///
    /// It reads the state through its queries (``ProcessState/isLoading``, ``ProcessState/processes``,
    /// ``ProcessState/errorMessage``) and switches over the cases only to tell an empty list from a list not loaded.
    ///
    /// - Parameter state: The process list's domain state.
    public init(_ state: ProcessState) {
        let errorBanner = state.errorMessage.map { "Could not load the processes: \($0)" }
        let placeholder: String?
        switch state {
        case .idle: placeholder = "Pull to load your processes."
        case .loaded(let processes) where processes.isEmpty: placeholder = "No processes right now."
        case .loading, .loaded, .error: placeholder = nil
        }
        let title: String
        if case .loaded(let processes) = state {
            title = "Processes (\(processes.count))"
        } else {
            title = "Processes"
        }
        self.init(
            title: title,
            rows: state.processes.map(Row.init),
            isLoading: state.isLoading,
            errorBanner: errorBanner,
            placeholder: placeholder,
            isRefreshEnabled: !state.isLoading
        )
    }
}
