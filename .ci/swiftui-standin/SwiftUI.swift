// A stand-in for SwiftUI, for `.ci/check-swiftui`: exactly the declarations that Sources/EffectStoreSwiftUI and the
// call sites in Usage/Usage.swift use, with SwiftUI's names, labels, generic shapes, constraints and isolation (as
// Apple's documentation gives them, Xcode 16 and later: `View` is main-actor isolated, modifiers are `nonisolated`,
// `Binding(get:set:)` takes `@isolated(any) @Sendable` closures, button actions are `@MainActor`), and no behaviour.
// The adapters are compiled against it on Linux, where SwiftUI does not exist, so that a misspelt modifier, a wrong
// label or an isolation mistake fails CI. Not a product, never linked into anything.
//
// Add a declaration here only when the adapters start using it, copied from SwiftUI's documented signature.

// MARK: - Views

/// SwiftUI's `View`.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("SwiftUI stand-in") }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("SwiftUI stand-in") }
}

/// SwiftUI's `EmptyView`; what every modifier of this stand-in returns.
public nonisolated struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError("SwiftUI stand-in") }
}

/// SwiftUI's `ViewBuilder`, with the builder methods the adapters' closures need.
@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
}

/// SwiftUI's `_ConditionalContent`, what `ViewBuilder` makes of an `if`/`else` or a `switch`.
public nonisolated struct _ConditionalContent<TrueContent, FalseContent> {}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public var body: Never { fatalError("SwiftUI stand-in") }
}

/// SwiftUI's `Text`.
public nonisolated struct Text: View, Equatable, Sendable {
    public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError("SwiftUI stand-in") }
}

/// SwiftUI's `ButtonRole`.
public nonisolated struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
    private init() {}
}

/// SwiftUI's `Button`.
public nonisolated struct Button<Label: View>: View {
    @preconcurrency
    public nonisolated init(
        role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
    ) {}
    public var body: Never { fatalError("SwiftUI stand-in") }
}

/// SwiftUI's `ForEach`.
public nonisolated struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}

extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError("SwiftUI stand-in") }

    public nonisolated init(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {}
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    public nonisolated init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

/// SwiftUI's `NavigationStack`.
public nonisolated struct NavigationStack<Data, Root: View>: View {
    public nonisolated init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
        Data.Element: Hashable {}
    public var body: Never { fatalError("SwiftUI stand-in") }
}

// MARK: - Values

/// SwiftUI's `Binding`.
@propertyWrapper @dynamicMemberLookup
public nonisolated struct Binding<Value> {
    @preconcurrency
    public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}

    public var wrappedValue: Value {
        get { fatalError("SwiftUI stand-in") }
        nonmutating set {}
    }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("SwiftUI stand-in")
    }
}

/// SwiftUI's `Visibility`.
public enum Visibility: Hashable, CaseIterable {
    case automatic
    case visible
    case hidden
}

// MARK: - Modifiers

extension View {
    /// SwiftUI's `sheet(item:onDismiss:content:)`.
    public nonisolated func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>,
        onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { EmptyView() }

    /// SwiftUI's `fullScreenCover(item:onDismiss:content:)`: iOS, tvOS, watchOS and visionOS, not macOS.
    @available(macOS, unavailable)
    public nonisolated func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>,
        onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { EmptyView() }

    /// SwiftUI's `alert(_:isPresented:presenting:actions:message:)`, with a string title.
    public nonisolated func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S,
        isPresented: Binding<Bool>,
        presenting data: T?,
        @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View { EmptyView() }

    /// SwiftUI's `confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:)`, with a string title.
    public nonisolated func confirmationDialog<S: StringProtocol, A: View, M: View, T>(
        _ title: S,
        isPresented: Binding<Bool>,
        titleVisibility: Visibility = .automatic,
        presenting data: T?,
        @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View { EmptyView() }

    /// SwiftUI's `navigationDestination(for:destination:)`.
    public nonisolated func navigationDestination<D: Hashable, C: View>(
        for data: D.Type,
        @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { EmptyView() }
}
