// The ids a child's effects run under, built in one place from its ``ChildPlace``: the place, and for rows and screens
// the child's id. A child's effect is lifted into its parent's with its ids made the child's own and, where the child
// can leave its place, started under its scope; `ChildEnding.swift` cancels the same scopes.

/// The name of one declared place, shared by the scopes of its children, so that two places — two collections of one
/// row type, two fields of one panel type — never share a scope. A place at a key path is named by its key path, which
/// includes its parent's type: made anew, as a generic parent's computed `static var` makes it at each use, it is the
/// same place. A place in an enum case has nothing to compare, and is the one object its declaration made.
final class PlaceName: Hashable, Sendable, CustomStringConvertible {
    /// How the place is written: its key path (`\TodoList.todos`), or its enum case.
    let description: String
    /// The place's key path, for a place at one.
    let path: (AnyKeyPath & Sendable)?

    init(_ description: String, path: (AnyKeyPath & Sendable)?) {
        self.description = description
        self.path = path
    }

    static func == (lhs: PlaceName, rhs: PlaceName) -> Bool {
        guard let path = lhs.path else { return lhs === rhs }
        return path == rhs.path
    }

    func hash(into hasher: inout Hasher) {
        if let path { hasher.combine(path) } else { hasher.combine(ObjectIdentifier(self)) }
    }
}

/// The id under which every effect of one child runs: its place and, for rows and screens, its id.
///
/// Seen from the root, a child's scope is wrapped in the scopes of its ancestors (``ScopedEffectID``), so that the
/// identity of a child is its path from the root. A test names it through its place: ``ChildPlace/ending(_:)`` and
/// ``ChildPlace/lift(_:)`` write the effects a parent's transition returns.
struct PlaceScope<Address: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible, StampedScope {
    let place: PlaceName
    let address: Address
    /// Which child at the address the effects are of, when several come and go within one transition: left out of
    /// `==` and hashing, so that the scope names the place and the address, and a test writes it without the stamp.
    let stamp: ChildStamp?

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.place == rhs.place && lhs.address == rhs.address }

    func hash(into hasher: inout Hasher) {
        hasher.combine(place)
        hasher.combine(address)
    }

    /// `\TodoList.todos[1]`, `\Detail.editor`.
    var description: String {
        address is Never? ? place.description : "\(place)[\(described(address))]"
    }
}

/// A scope that tells which child its effects are of (``PlaceScope``), for the end of a transition to keep the work of a
/// new child and drop the old one's at the same address.
protocol StampedScope {
    var stamp: ChildStamp? { get }
}

extension EffectID {
    /// The stamp of the innermost child scope of this id: the child's own, under its ancestors'.
    var childStamp: ChildStamp? {
        if let scoped = base as? ScopedEffectID { return scoped.id.childStamp }
        return (base as? any StampedScope)?.stamp
    }
}

/// An id that a child's plan wrote, as its parent runs it: made the child's own, so that two children that debounce,
/// queue or cancel under the same id never touch each other's effects.
struct ScopedEffectID: Hashable, Sendable, CustomStringConvertible {
    /// The scope of the child's place.
    let scope: EffectID
    /// The id the child wrote.
    let id: EffectID

    /// `\TodoList.todos[1]/.reminder`.
    var description: String { "\(scope)/\(described(id.base))" }
}

extension ComposableEffect {
    /// A child's `effect` in this (parent) effect type: its work embedded by `embed`, its plans kept plans with every
    /// id scoped to `scope`, and its messages taken out into `messages`, in order. `nil` when nothing is left for the
    /// store.
    ///
    /// A message inside a plan other than `.all` is refused with a message: it would reach the effect handler as work.
    static func lifting<Child: ComposableEffect>(
        _ effect: Child,
        scope: EffectID,
        messages: inout [Child.Message],
        embed: (Child.Work) -> Work
    ) -> Self? {
        if let message = effect.message {
            messages.append(message)
            return nil
        }
        guard let plan = effect.plan else { return effect.work.map { .work(embed($0)) } }
        func scoped(_ id: EffectID) -> EffectID { EffectID(ScopedEffectID(scope: scope, id: id)) }
        func inner(_ child: Child) -> Self {
            let told = messages.count
            let lifted = lifting(child, scope: scope, messages: &messages, embed: embed)
            if messages.count > told { refuseMessage(messages[told], in: effect) }
            return lifted ?? .all([])
        }
        switch plan {
        case .all(let effects):
            let lifted = effects.compactMap { lifting($0, scope: scope, messages: &messages, embed: embed) }
            switch lifted.count {
            case 0: return nil
            case 1: return lifted[0]
            default: return .all(lifted)
            }
        case .cancellable(let child, let id, let cancelInFlight):
            return .plan(.cancellable(inner(child), id: scoped(id), cancelInFlight: cancelInFlight))
        case .cancel(let id):
            return .plan(.cancel(scoped(id)))
        case .queued(let child, let id, let keepingOnlyLatest):
            return .plan(.queued(inner(child), id: scoped(id), keepingOnlyLatest: keepingOnlyLatest))
        case .debounced(let child, let id, let interval):
            return .plan(.debounced(inner(child), id: scoped(id), interval: interval))
        case .throttled(let child, let id, let interval, let latest):
            return .plan(.throttled(inner(child), id: scoped(id), interval: interval, latest: latest))
        case .delayed(let child, let id, let delay):
            return .plan(.delayed(inner(child), id: id.map(scoped), delay: delay))
        }
    }
}

extension ComposableEffect {
    /// Whether this effect starts any work: work itself, or a plan with work in it; not a cancellation alone.
    var startsWork: Bool {
        guard let plan else { return true }
        switch plan {
        case .cancel: return false
        case .all(let effects): return effects.contains { $0.startsWork }
        default: return true
        }
    }
}

/// Stops: a child's `message` is inside a timed, queued or cancellable plan of `effect`. A message belongs to the
/// transition that tells it, for the parent to act on in it; a plan runs later or under an id.
private func refuseMessage(_ message: Any, in effect: Any) -> Never {
    fatalError(
        """
        EffectStore: the message \(described(message)) is inside a plan, in \(described(effect)). A message is for \
        the parent, in the transition that tells it; a timed, queued or cancellable plan runs later or under an id, \
        and would hand it to the effect handler as work. To fix, return the message beside the plan — \
        .all(.tell(message), plan) — or, to tell it later, let the plan's work answer with an event whose \
        transition returns the message.
        """)
}
