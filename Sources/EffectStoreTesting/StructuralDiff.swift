import EffectStore

/// A readable, structural comparison of two values, built on `Mirror`: only the paths that differ.
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
/// unlabelled tuple element, `[1]` for an array index and `["key"]` for a dictionary key. Set elements and
/// dictionary keys are compared by their description, in sorted order, so the output is the same on every run.
/// Values are described with `String(describing:)`, strings quoted and module prefixes removed.
public enum StructuralDiff {
    /// How deep the walk goes before it compares descriptions instead: guards against cyclic object graphs.
    static let maxDepth = 48

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
        var lines: [String] = []
        compare(expected, actual, path: "", depth: 0, into: &lines)
        return lines
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

    // MARK: - The walk

    private static func compare(_ expected: Any, _ actual: Any, path: String, depth: Int, into lines: inout [String]) {
        let expectedMirror = Mirror(reflecting: expected)
        let actualMirror = Mirror(reflecting: actual)
        guard depth < maxDepth, type(of: expected) == type(of: actual),
            expectedMirror.displayStyle == actualMirror.displayStyle
        else {
            compareLeaves(expected, actual, path: path, into: &lines)
            return
        }
        switch expectedMirror.displayStyle {
        case .enum:
            compareEnums(expected, actual, expectedMirror, actualMirror, path: path, depth: depth, into: &lines)
        case .optional:
            switch (expectedMirror.children.first, actualMirror.children.first) {
            case (nil, nil):
                return
            case (let expectedValue?, let actualValue?):
                compare(expectedValue.value, actualValue.value, path: path, depth: depth + 1, into: &lines)
            default:
                compareLeaves(expected, actual, path: path, into: &lines)
            }
        case .collection:
            compareSequences(expectedMirror, actualMirror, path: path, depth: depth, into: &lines)
        case .set:
            compareSets(expectedMirror, actualMirror, path: path, into: &lines)
        case .dictionary:
            compareDictionaries(expectedMirror, actualMirror, path: path, depth: depth, into: &lines)
        case .struct, .class, .tuple:
            if expectedMirror.displayStyle == .class, (expected as AnyObject) === (actual as AnyObject) { return }
            compareFields(expected, actual, expectedMirror, actualMirror, path: path, depth: depth, into: &lines)
        default:
            compareLeaves(expected, actual, path: path, into: &lines)
        }
    }

    private static func compareEnums(
        _ expected: Any, _ actual: Any, _ expectedMirror: Mirror, _ actualMirror: Mirror,
        path: String, depth: Int, into lines: inout [String]
    ) {
        let expectedPayload = expectedMirror.children.first
        let actualPayload = actualMirror.children.first
        let expectedCase = expectedPayload?.label ?? String(describing: expected)
        let actualCase = actualPayload?.label ?? String(describing: actual)
        guard expectedCase == actualCase, let expectedPayload, let actualPayload else {
            compareLeaves(expected, actual, path: path, into: &lines)
            return
        }
        compare(expectedPayload.value, actualPayload.value, path: path + "." + expectedCase, depth: depth + 1,
                into: &lines)
    }

    private static func compareSequences(
        _ expectedMirror: Mirror, _ actualMirror: Mirror, path: String, depth: Int, into lines: inout [String]
    ) {
        let expectedElements = expectedMirror.children.map(\.value)
        let actualElements = actualMirror.children.map(\.value)
        if expectedElements.count != actualElements.count {
            lines.append("\(path).count: expected \(expectedElements.count), actual \(actualElements.count)")
        }
        for index in 0..<max(expectedElements.count, actualElements.count) {
            let elementPath = "\(path)[\(index)]"
            switch (index < expectedElements.count, index < actualElements.count) {
            case (true, true):
                compare(expectedElements[index], actualElements[index], path: elementPath, depth: depth + 1,
                        into: &lines)
            case (true, false):
                lines.append("\(elementPath): expected \(Describing.value(expectedElements[index])), actual <absent>")
            default:
                lines.append("\(elementPath): expected <absent>, actual \(Describing.value(actualElements[index]))")
            }
        }
    }

    private static func compareSets(_ expectedMirror: Mirror, _ actualMirror: Mirror, path: String,
                                    into lines: inout [String]) {
        let expected = expectedMirror.children.map { Describing.value($0.value) }
        let actual = actualMirror.children.map { Describing.value($0.value) }
        var unmatched = actual
        var missing: [String] = []
        for element in expected {
            if let index = unmatched.firstIndex(of: element) {
                unmatched.remove(at: index)
            } else {
                missing.append(element)
            }
        }
        let location = path.isEmpty ? "" : "\(path): "
        for element in missing.sorted() { lines.append("\(location)missing element \(element)") }
        for element in unmatched.sorted() { lines.append("\(location)unexpected element \(element)") }
    }

    private static func compareDictionaries(
        _ expectedMirror: Mirror, _ actualMirror: Mirror, path: String, depth: Int, into lines: inout [String]
    ) {
        let expected = keyedEntries(expectedMirror)
        let actual = keyedEntries(actualMirror)
        let keys = Set(expected.keys).union(actual.keys).sorted()
        for key in keys {
            let entryPath = "\(path)[\(key)]"
            switch (expected[key], actual[key]) {
            case (let expectedValue?, let actualValue?):
                compare(expectedValue, actualValue, path: entryPath, depth: depth + 1, into: &lines)
            case (let expectedValue?, nil):
                lines.append("\(entryPath): expected \(Describing.value(expectedValue)), actual <absent>")
            case (nil, let actualValue?):
                lines.append("\(entryPath): expected <absent>, actual \(Describing.value(actualValue))")
            case (nil, nil):
                break
            }
        }
    }

    /// A dictionary's entries keyed by the description of their key.
    private static func keyedEntries(_ mirror: Mirror) -> [String: Any] {
        var entries: [String: Any] = [:]
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            entries[Describing.value(pair[0].value)] = pair[1].value
        }
        return entries
    }

    private static func compareFields(
        _ expected: Any, _ actual: Any, _ expectedMirror: Mirror, _ actualMirror: Mirror,
        path: String, depth: Int, into lines: inout [String]
    ) {
        let expectedFields = allChildren(expectedMirror)
        let actualFields = allChildren(actualMirror)
        guard !expectedFields.isEmpty, expectedFields.count == actualFields.count,
            zip(expectedFields, actualFields).allSatisfy({ $0.label == $1.label })
        else {
            compareLeaves(expected, actual, path: path, into: &lines)
            return
        }
        for (index, (expectedField, actualField)) in zip(expectedFields, actualFields).enumerated() {
            let label = expectedField.label ?? ".\(index)"
            let fieldPath = path + (label.hasPrefix(".") ? label : "." + label)
            compare(expectedField.value, actualField.value, path: fieldPath, depth: depth + 1, into: &lines)
        }
    }

    /// A mirror's children, including those its superclasses declare.
    private static func allChildren(_ mirror: Mirror) -> [Mirror.Child] {
        var children = Array(mirror.children)
        var superclass = mirror.superclassMirror
        while let next = superclass {
            children.insert(contentsOf: next.children, at: 0)
            superclass = next.superclassMirror
        }
        return children
    }

    private static func compareLeaves(_ expected: Any, _ actual: Any, path: String, into lines: inout [String]) {
        let expectedText = Describing.value(expected)
        let actualText = Describing.value(actual)
        guard expectedText != actualText else { return }
        let location = path.isEmpty ? "" : "\(path): "
        lines.append("\(location)expected \(expectedText), actual \(actualText)")
    }
}
