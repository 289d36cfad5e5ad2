import EffectStore
import EffectStoreLogging

/// A readable, structural comparison of two values: only the paths that differ, one line each, as `==` sees them.
///
/// The toolkit's assertions use it to explain a mismatch; use it in your own helpers too. It walks enums (case
/// and associated values), structs, classes, tuples, optionals, arrays, sets and dictionaries, and writes one line
/// per difference, with the path to it:
///
/// ```swift
/// let expected = ProcessState.loaded([Process(id: 1, title: "Swift"), Process(id: 2, title: "iOS")])
/// let actual = ProcessState.loaded([Process(id: 1, title: "Swift"), Process(id: 2, title: "Android")])
/// StructuralDiff.lines(expected: expected, actual: actual)
/// // [".loaded[1].title: expected \"iOS\", actual \"Android\""]
/// ```
///
/// Paths read like Swift: `.case` for an enum case, `.name` for a property or labelled value, `.0` for an
/// unlabelled tuple element, `[1]` for an array index, `["key"]` for a dictionary key, and `[id: 500]` for a row of
/// an ``/EffectStore/IdentifiedStates`` or a screen of a ``/EffectStore/ScreenStack``, matched by id wherever it
/// stands. Parts that are equal by their own `==` are not looked into, so a field that `==` ignores never shows, and
/// a value that adopts ``/EffectStore/CustomValueStructure`` is compared by the parts it gives. Arrays are compared
/// after their common start and end; set elements and dictionary keys by their description, in sorted order, so the
/// output is the same on every run. Values are written as Swift writes them, strings quoted, type names without their
/// module — the descriptions of the ``/EffectStoreLogging/TransitionLogger`` and of the session inspector.
public enum StructuralDiff {
    /// The differences between `expected` and `actual`, one line each; empty when they look the same.
    ///
    /// ```swift
    /// StructuralDiff.lines(expected: ["a": 1, "b": 2], actual: ["a": 1, "b": 3])
    /// // ["[\"b\"]: expected 2, actual 3"]
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The value the test expected.
    ///   - actual: The value the code produced.
    /// - Returns: One line per differing path, in the values' own order (sorted for sets and dictionaries).
    public static func lines<T>(expected: T, actual: T) -> [String] {
        ValueDiff.lines(expected: expected, actual: actual)
    }

    /// The differences between two values that are known to be unequal, as one indented block of text.
    ///
    /// When the walk finds no structural difference (a custom `==`, or values that print the same), the text says
    /// so and shows both values instead of returning nothing.
    ///
    /// ```swift
    /// if expected != actual { print(StructuralDiff.describe(expected: expected, actual: actual)) }
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The value the test expected.
    ///   - actual: The value the code produced.
    /// - Returns: The lines of ``lines(expected:actual:)``, each indented by two spaces.
    public static func describe<T>(expected: T, actual: T) -> String {
        let found = lines(expected: expected, actual: actual)
        if found.isEmpty {
            return """
                  (no structural difference found: the values are unequal but print the same; check `==`)
                  expected: \(Describing.value(expected))
                    actual: \(Describing.value(actual))
                """
        }
        return found.map { "  " + $0 }.joined(separator: "\n")
    }
}
