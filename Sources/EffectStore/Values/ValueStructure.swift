/// A value that says which parts it has, and how they are named, for the descriptions EffectStore makes of it: the
/// diffs of `TestStore` failures and replay failures (EffectStoreTesting), the `TransitionLogger`'s lines (EffectStoreLogging), and the
/// session inspector's page (EffectStoreSessions).
///
/// Without it, a value is described by its `Mirror`: every stored property, in order. Adopt it when that is not what
/// `==` compares — a cache, a counter or a journal that `==` ignores, which a diff would otherwise show as a
/// difference — or when the value's parts are better named by id than by position. ``IdentifiedStates`` and
/// ``ScreenStack`` adopt it: their rows and screens are named by id (`.rows[id: 500].isOn`), and their bookkeeping is
/// never shown.
///
/// ```swift
/// struct Draft: Equatable, CustomValueStructure {
///     var title: String
///     var body: String
///     var wordCount: Int          // derived from body; == ignores it
///
///     static func == (lhs: Draft, rhs: Draft) -> Bool { lhs.title == rhs.title && lhs.body == rhs.body }
///
///     var valueStructure: ValueStructure { .fields(["title": title, "body": body]) }
/// }
/// ```
///
/// A diff then reads `.draft.title: expected "Hello", actual "Hi"`, and never mentions `wordCount`. Describing a value
/// reads ``valueStructure`` on the thread that describes it — the store's queue for a logger, the test's thread for a
/// test failure, the writing thread for a session file — so it must be a plain, quick read of the value.
public protocol CustomValueStructure {
    /// The parts of this value that descriptions show: its fields, its elements by id or by position, or a text.
    var valueStructure: ValueStructure { get }
}

/// The parts of a value, as a ``CustomValueStructure`` gives them: named fields, elements named by id, elements by
/// position, or one text.
///
/// Each part is any value, described in turn (by its own ``CustomValueStructure`` or its `Mirror`).
///
/// ```swift
/// var valueStructure: ValueStructure { .fields(["title": title, "body": body]) }
/// var valueStructure: ValueStructure { .identified(rows.map { (id: $0.id, element: $0) }) }
/// var valueStructure: ValueStructure { .elements(items) }
/// var valueStructure: ValueStructure { .text("\(amount) \(currency)") }
/// ```
public struct ValueStructure {
    /// What the parts are.
    package enum Parts {
        /// Named fields, in order.
        case fields([(label: String, value: Any)])
        /// Elements named by id, in order.
        case identified([(id: any Hashable, element: Any)])
        /// Elements by position.
        case elements([Any])
        /// One text, shown as it is and compared as text.
        case text(String)
    }

    /// The parts.
    package let parts: Parts
    /// The type name to show, when not the value's own.
    package let typeName: String?

    private init(_ parts: Parts, typeName: String?) {
        self.parts = parts
        self.typeName = typeName
    }

    /// Named fields, in the order given: a diff names each `.label`; a line writes `Type(label: value, …)`.
    ///
    /// ```swift
    /// var valueStructure: ValueStructure { .fields(["title": title, "body": body]) }
    /// ```
    ///
    /// - Parameters:
    ///   - fields: Each field's label and value; leave out what `==` ignores.
    ///   - typeName: The name written before the fields; the value's type name (without its module) when `nil`.
    /// - Returns: The structure.
    public static func fields(_ fields: KeyValuePairs<String, Any>, typeName: String? = nil) -> ValueStructure {
        ValueStructure(.fields(fields.map { (label: $0.key, value: $0.value) }), typeName: typeName)
    }

    /// Named fields, in the order given, from a list made at run time (the form above takes a literal).
    ///
    /// ```swift
    /// var valueStructure: ValueStructure { .fields(columns.map { (label: $0.name, value: $0.value) }) }
    /// ```
    ///
    /// - Parameters:
    ///   - fields: Each field's label and value; leave out what `==` ignores.
    ///   - typeName: The name written before the fields; the value's type name (without its module) when `nil`.
    /// - Returns: The structure.
    public static func fields(_ fields: [(label: String, value: Any)], typeName: String? = nil) -> ValueStructure {
        ValueStructure(.fields(fields), typeName: typeName)
    }

    /// Elements named by their ids, in order: a diff names each `[id: 500]`, and compares the elements with one id
    /// whatever their positions, so that an insertion does not shift every later element.
    ///
    /// ```swift
    /// var valueStructure: ValueStructure { .identified(rows.map { (id: $0.id, element: $0) }) }
    /// ```
    ///
    /// - Parameters:
    ///   - elements: Each element with its id; ids are unique.
    ///   - typeName: The name shown for the collection; the value's type name when `nil`.
    /// - Returns: The structure.
    public static func identified(
        _ elements: [(id: any Hashable, element: Any)], typeName: String? = nil
    ) -> ValueStructure {
        ValueStructure(.identified(elements), typeName: typeName)
    }

    /// Elements by position: a diff names each `[3]`; a line writes `[a, b, c]`.
    ///
    /// ```swift
    /// var valueStructure: ValueStructure { .elements(Array(buffer)) }
    /// ```
    ///
    /// - Parameters:
    ///   - elements: The elements, in order.
    ///   - typeName: The name shown for the collection; the value's type name when `nil`.
    /// - Returns: The structure.
    public static func elements(_ elements: [Any], typeName: String? = nil) -> ValueStructure {
        ValueStructure(.elements(elements), typeName: typeName)
    }

    /// One text: the value is shown as `text` and two values differ when their texts do.
    ///
    /// ```swift
    /// var valueStructure: ValueStructure { .text("\(amount) \(currency)") }
    /// ```
    ///
    /// - Parameter text: The value as it should read.
    /// - Returns: The structure.
    public static func text(_ text: String) -> ValueStructure {
        ValueStructure(.text(text), typeName: nil)
    }
}
