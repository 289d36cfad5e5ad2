import Dispatch
import EffectStore

/// A screen of ``BenchNavigator``'s stack: a counter whose `start` is a run that waits for its cancel.
public struct BenchScreen: ChildState, Equatable {
    public var count = 0

    public enum Event: Sendable { case increment, start }
    public enum Work: Sendable, Equatable { case idle }
    public typealias Effect = Planned<Work>

    public init() {}

    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .increment:
            count &+= 1
            return nil
        case .start:
            return .work(.idle)
        }
    }
}

/// A parent with a navigation stack, routed and popped as an app's would be.
public struct BenchNavigator: State, Equatable {
    public var path = ScreenStack<BenchScreen>()

    public enum Event: Sendable {
        /// Pushes a screen and starts its run, in one transition.
        case pushStarted
        case pop
        case path(StackEvent<BenchScreen.Event>)
    }

    public enum Work: Sendable, Equatable {
        case screen(StackElementID, BenchScreen.Work)
    }
    /// The work, or a plan of it: see `Planned`.
    public typealias Effect = Planned<Work>

    /// A stack of `depth` screens, ids `0..<depth`.
    public init(depth: Int) { path = ScreenStack((0..<depth).map { _ in BenchScreen() }) }

    public static var initialState: BenchNavigator { BenchNavigator(depth: 0) }

    // Not inlined into callers, so the workload measures a real call, as a store makes one.
    @inline(never)
    public mutating func handle(event: Event) -> Effect? {
        switch event {
        case .pushStarted:
            let id = path.push(BenchScreen())
            return route(.element(id: id, .start), to: Self.path)
        case .pop:
            path.pop()
            return nil
        case .path(let event):
            return route(event, to: Self.path)
        }
    }

    /// The stack: a popped screen's run ends.
    public static let path = ChildPlace(\BenchNavigator.path, event: Event.path, work: Work.screen)
    public static let places: ChildPlaces<BenchNavigator> = [path]
}

/// Performs ``BenchNavigator``'s effects: a screen's run sends nothing until it is cancelled.
public final class BenchNavigatorHandler: PlannedEffectHandler {
    public init() {}

    public func perform(_ work: BenchNavigator.Work) -> EffectAnswer<BenchNavigator.Event>? {
        switch work {
        case .screen(_, .idle): return .callbackRun { _ in {} }
        }
    }
}

extension Workloads {
    /// One event routed to the top screen of a stack `depth` screens deep, as a store runs it (`transition(on:)`,
    /// which compares the declared stack before and after), with no store:
    /// `stack.route.100` and `stack.route.10`.
    public static func stackRoute(depth: Int, count: Int) throws -> Double {
        var navigator = BenchNavigator(depth: depth)
        let top = navigator.path.topID!
        var effects = 0
        let start = now()
        for _ in 0..<count where navigator.transition(on: .path(.element(id: top, .increment))) != nil {
            effects &+= 1
        }
        let elapsed = now() - start
        let routed = navigator.path[id: top]?.count ?? -1
        let others = navigator.path.dropLast().reduce(0) { $0 + $1.count }
        try verify(
            routed == count && others == 0 && effects == 0,
            "stack.route(\(depth)): routed \(routed), others \(others), effects \(effects)"
        )
        return Double(elapsed) / Double(count)
    }

    /// `count` pairs of pushing a screen that starts a run and popping it, which cancels the run, in a store; ns per
    /// pair: `stack.push-pop`.
    public static func stackPushPop(count: Int) throws -> Double {
        let store = Store<BenchNavigator>(effectHandler: BenchNavigatorHandler())
        var resolved = 0
        let start = now()
        for _ in 0..<count {
            let pushed = store.dispatch(event: .pushStarted)
            store.dispatch(event: .pop)
            if pushed.isResolved { resolved &+= 1 }
        }
        let elapsed = now() - start
        try verify(
            resolved == count && store.state.path.isEmpty && store.state.path.nextID.rawValue == count,
            "stack.push-pop: \(resolved) of \(count) runs ended by their pop"
        )
        try verify(store.waitUntilSettled(timeout: .zero), "stack.push-pop: something is still in flight")
        return Double(elapsed) / Double(count)
    }
}
