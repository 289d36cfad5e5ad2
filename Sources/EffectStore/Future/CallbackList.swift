/// Work that a resolved future still has to do, run iteratively so that long chains cannot overflow the stack.
///
/// Resolving a future never calls the callbacks that wait on it directly. Instead `Future.setValue(_:in:)`
/// returns a `CallbackList` of thunks; each thunk resolves at most the *next* future in a chain and
/// returns *its* work as another `CallbackList`. ``run()`` drives those thunks in a loop, so a chain of
/// 20,000 `map`s on a pending promise costs 20,000 loop iterations and a constant stack depth.
/// This is the scheme of swift-nio's `CallbackList` in `EventLoopFuture.swift`.
@usableFromInline
struct CallbackList {
    typealias Element = () -> CallbackList

    var thunks: [Element]

    init() { self.thunks = [] }

    init(_ element: @escaping Element) { self.thunks = [element] }

    mutating func append(contentsOf other: CallbackList) {
        thunks.append(contentsOf: other.thunks)
    }

    /// Runs every thunk, and every thunk those produce, until nothing is left. Depth-first, and siblings run
    /// in the order they were added, so callbacks on one future run in registration order.
    func run() {
        var stack = Array(thunks.reversed())
        while let next = stack.popLast() {
            stack.append(contentsOf: next().thunks.reversed())
        }
    }
}
