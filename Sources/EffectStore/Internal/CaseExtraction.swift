/// Returns the associated value of `root` when `root` is the enum case that `embed` builds, or `nil`.
///
/// `embed` is an enum case with one associated value, used as a function (`AppState.Effect.session`). The case is
/// recognised by reflection: `root`'s case name and payload are read with `Mirror`, and `embed` is applied to the
/// payload to check that it builds a case of the same name, in the manner of swift-case-paths' reflection-based
/// extraction. It allocates and compares strings on every call: only the deprecated embed-function forms of the
/// composition APIs use it, and `EnumCase` replaces them.
/// Package access: EffectStoreTesting's embed form of `TestStore.receiveEffect(case:)` recognises effects the same
/// way (tests only).
package func extractCase<Root, Payload>(_ embed: (Payload) -> Root, from root: Root) -> Payload? {
    let mirror = Mirror(reflecting: root)
    guard mirror.displayStyle == .enum else {
        preconditionFailure(
            """
            EffectStore: a case of \(Root.self) was asked for, but \(Root.self) is not an enum. To fix, use a key \
            path for a struct's stored child, or pass an enum case with one associated value.
            """
        )
    }
    guard let (label, value) = mirror.children.first, let label, let payload = value as? Payload else {
        return nil
    }
    guard Mirror(reflecting: embed(payload)).children.first?.label == label else { return nil }
    return payload
}
