import Dispatch

/// Whether a ``StatefulView`` can be rendered now.
///
/// A view controller cannot be rendered before its outlets exist. Return ``notPossible`` until then: the
/// ``ViewBinding`` keeps the latest state and renders it when you call ``ViewBinding/viewDidBecomeReady()``.
///
/// ```swift
/// var renderPolicy: RenderPolicy { isViewLoaded ? .possible : .notPossible }
/// ```
public enum RenderPolicy: Sendable, Equatable {
    /// The view can render now.
    case possible
    /// The view is not ready; keep the latest state for later instead of rendering it.
    case notPossible
}

/// A view that draws itself from a view state: the same state always gives the same picture.
///
/// Bind one to a ``Store`` or a ``DerivedState`` with ``StateSource/bind(_:)``. The binding holds the view weakly
/// and calls ``render(state:)`` on the main queue with the current state and every later one.
///
/// ```swift
/// final class ProcessListViewController: UIViewController, StatefulView {
///     private var binding: ViewBinding?
///
///     init(store: Store<ProcessState>) {
///         super.init(nibName: nil, bundle: nil)
///         binding = store.map { ProcessListViewState($0) }.bind(self)
///     }
///
///     var renderPolicy: RenderPolicy { isViewLoaded ? .possible : .notPossible }
///
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         binding?.viewDidBecomeReady()     // renders the state that arrived before the outlets existed
///     }
///
///     func render(state: ProcessListViewState) { titleLabel.text = state.title }
/// }
/// ```
///
/// ## Obligations
///
/// - ``render(state:)`` is called **on the main queue**, on the main actor, and must draw the whole view from
///   `state` alone.
/// - While ``renderPolicy`` is ``RenderPolicy/notPossible``, states are kept, not rendered. When it becomes
///   ``RenderPolicy/possible``, call ``ViewBinding/viewDidBecomeReady()``; the next state would also render it.
/// - Keep the ``ViewBinding`` in the view: releasing the view then ends the binding.
@MainActor
public protocol StatefulView: AnyObject {
    /// The value the view draws itself from.
    associatedtype ViewState: Sendable

    /// Whether the view can be rendered now; ``RenderPolicy/possible`` by default.
    var renderPolicy: RenderPolicy { get }

    /// Draws the view for `state`. Called on the main queue.
    ///
    /// - Parameter state: The state to draw.
    func render(state: ViewState)
}

extension StatefulView {
    /// Always ``RenderPolicy/possible``: a view that is ready as soon as it exists.
    public var renderPolicy: RenderPolicy { .possible }
}

extension StateSource {
    /// Renders `view` on the main queue with the current state and every later one, for as long as the view lives.
    ///
    /// ```swift
    /// binding = processStore.map { ProcessListViewState($0) }.bind(self)
    /// ```
    ///
    /// The first render happens on a later turn of the main queue, never inside this call. See
    /// ``StateSource/subscribe(on:_:)`` for how a command-line program services the main queue.
    ///
    /// - Parameter view: The view to render. Held weakly: once it is released, the binding ends.
    /// - Returns: The binding. Keep it in the view; release or ``ViewBinding/cancel()`` it to stop.
    @MainActor
    public func bind<View: StatefulView>(_ view: View) -> ViewBinding where View.ViewState == Value {
        let renderer = ViewRenderer(view: view)
        let binding = ViewBinding(renderer: renderer)
        binding.token = subscribe(on: .main) { [weak binding] state in
            MainActor.assumeIsolated {
                guard let binding else { return }
                if !renderer.receive(state) { binding.cancel() }
            }
        }
        return binding
    }
}

/// A live binding of a ``StatefulView`` to a store or a derived state; see ``StateSource/bind(_:)``.
///
/// ```swift
/// private var binding: ViewBinding?
///
/// override func viewDidLoad() {
///     super.viewDidLoad()
///     binding = store.map(ProcessListViewState.init).bind(self)   // renders now, then on every change
/// }
/// ```
///
/// Use it from the main actor. Releasing it ends the binding, as ``cancel()`` does.
@MainActor
public final class ViewBinding {
    fileprivate var token: SubscriptionToken?
    private let renderer: any PendingRenderer

    fileprivate init(renderer: any PendingRenderer) {
        self.renderer = renderer
    }

    /// Whether the binding still renders its view: `false` once cancelled, or once the view was found released.
    public var isActive: Bool { token != nil }

    /// Renders the state that arrived while the view's ``StatefulView/renderPolicy`` was
    /// ``RenderPolicy/notPossible``, if any, now that the view is ready.
    ///
    /// ```swift
    /// override func viewDidLoad() {
    ///     super.viewDidLoad()
    ///     binding?.viewDidBecomeReady()
    /// }
    /// ```
    ///
    /// Does nothing when no state is waiting, or when the view is still not ready. Renders synchronously, on the
    /// main actor.
    public func viewDidBecomeReady() {
        guard isActive else { return }
        if !renderer.renderPending() { cancel() }
    }

    /// Ends the binding: the view is not rendered again.
    public func cancel() {
        token?.cancel()
        token = nil
    }
}

/// The type-erased side of a ``ViewRenderer`` that ``ViewBinding`` needs.
@MainActor
private protocol PendingRenderer: AnyObject {
    /// Renders the kept state if the view is ready. Returns `false` when the view is gone.
    func renderPending() -> Bool
}

/// Holds the view weakly, renders it or keeps the latest state for when it is ready.
@MainActor
private final class ViewRenderer<View: StatefulView>: PendingRenderer {
    private weak var view: View?
    /// The latest state not rendered yet, because the view was not ready.
    private var pending: View.ViewState?

    init(view: View) {
        self.view = view
    }

    /// Renders `state`, or keeps it while the view is not ready. Returns `false` when the view is gone.
    func receive(_ state: View.ViewState) -> Bool {
        guard let view else { return false }
        switch view.renderPolicy {
        case .possible:
            pending = nil
            view.render(state: state)
        case .notPossible:
            pending = state
        }
        return true
    }

    func renderPending() -> Bool {
        guard let view else { return false }
        guard let state = pending, view.renderPolicy == .possible else { return true }
        pending = nil
        view.render(state: state)
        return true
    }
}
