import EffectStore
/// What differs between two values, path by path, as ``ValueDescriber`` sees them: the one comparison behind the diffs
/// of EffectStoreTesting's failures, the ``TransitionLogger``'s lines of a struct state and the changes a recorded
/// session stores.
///
/// Parts that are equal by their own `==` are never looked into, so nothing that `==` ignores is reported, and parts
/// that `==` tells apart are reported even when they read the same (a `Date` a quarter second later); a
/// change of one row of a thousand costs a thousand `==` and one description. Rows of an ``IdentifiedStates`` and
/// screens of a ``ScreenStack`` are matched by id (`.rows[id: 500].isOn`), the elements of an array by position after
/// their common start and end, a dictionary's by key and a set's by element. `package`: not public API.
package enum ValueDiff {
    /// One difference.
    package struct Change {
        /// What happened at ``path``.
        package enum Kind: Equatable {
            /// The value at the path is another: ``from`` → ``to``.
            case changed
            /// A child that was not there is: ``to``, at ``position`` among its container's children.
            case added
            /// A child that was there is not: ``from``.
            case removed
            /// The container's children are the same but in another order: ``order``.
            case reordered
            /// An array's count changed (``counts``; ``from`` and ``to`` are the whole arrays); its elements are
            /// reported on their own, after this change.
            case count
        }

        package var kind: Kind
        /// Where, from the compared values.
        package var path: [PathComponent]
        package var from: Any?
        package var to: Any?
        /// For ``Kind/added``: the position of the new child among its container's children, after the change.
        package var position: Int?
        /// For ``Kind/reordered``: the container's children, in their new order.
        package var order: [PathComponent]?
        /// For ``Kind/count``: the array's count before and after.
        package var counts: (from: Int, to: Int)?
        /// Whether the container is a set, whose differences read "missing element" and "unexpected element".
        package var inSet = false

        /// The path as Swift writes it: `.rows[id: 500].isOn`; empty for the compared values themselves.
        package var pathText: String { path.map(\.text).joined() }
    }

    /// The differences between `from` and `to`, in an order that applies: for each container, its removed children
    /// first, then the changes inside the children both have, then the added ones by position, then a reordering.
    ///
    /// - Parameters:
    ///   - from: The value before (a test's expected value).
    ///   - to: The value after (the actual one).
    /// - Returns: The changes; empty when the values are equal, or look the same.
    package static func changes(from: Any, to: Any) -> [Change] {
        var changes: [Change] = []
        compare(from, to, path: [], depth: 0, into: &changes)
        return changes
    }

    /// The differences as lines, one each: `.rows[id: 500].isOn: expected false, actual true`.
    ///
    /// - Parameters:
    ///   - expected: The value a test expected.
    ///   - actual: The value the code produced.
    ///   - maxLength: The most characters a value takes in a line.
    /// - Returns: The lines; empty when the values are equal, or look the same.
    package static func lines(expected: Any, actual: Any, maxLength: Int = 240) -> [String] {
        changes(from: expected, to: actual).map { line(for: $0, maxLength: maxLength) }
    }

    /// The line for one change, `path: expected X, actual Y`, as a test failure writes it.
    package static func line(for change: Change, maxLength: Int = 240) -> String {
        let location = change.path.isEmpty ? "" : change.pathText + ": "
        func text(_ value: Any?) -> String {
            value.map { Describing.truncated(ValueDescriber.line($0, nested: true), to: maxLength) } ?? "<absent>"
        }
        switch change.kind {
        case .added where change.inSet:
            return parentLocation(change) + "unexpected element \(change.path.last?.text ?? "")"
        case .removed where change.inSet:
            return parentLocation(change) + "missing element \(change.path.last?.text ?? "")"
        case .reordered:
            let order = (change.order ?? []).map(\.text).joined(separator: ", ")
            let before = (change.from as? [PathComponent] ?? []).map(\.text).joined(separator: ", ")
            return location + "expected the order "
                + Describing.truncated("[\(before)]", to: maxLength) + ", actual "
                + Describing.truncated("[\(order)]", to: maxLength)
        case .count:
            return change.pathText + ".count: expected \(change.counts?.from ?? 0), actual \(change.counts?.to ?? 0)"
        case .changed where text(change.from) == text(change.to):
            // Unequal values that read the same: their encodings say how they differ, where they have one.
            func encoded(_ value: Any?) -> String {
                value.flatMap { ValueDescriber.encodingText($0) }
                    .map { " (encoded \(Describing.truncated($0, to: maxLength)))" }
                    ?? ""
            }
            return location + "expected \(text(change.from))\(encoded(change.from)), actual \(text(change.to))"
                + encoded(change.to)
        case .changed, .added, .removed:
            return location + "expected \(text(change.from)), actual \(text(change.to))"
        }
    }

    /// `path: ` of the container of a set element, or nothing at the top.
    private static func parentLocation(_ change: Change) -> String {
        let parent = change.path.dropLast().map(\.text).joined()
        return parent.isEmpty ? "" : parent + ": "
    }

    // MARK: - The walk

    private static func compare(_ from: Any, _ to: Any, path: [PathComponent], depth: Int, into changes: inout [Change])
    {
        // A part that declares its own redaction is compared, and shown, as it is redacted.
        let (from, to) = (NestedRedaction.applied(to: from), NestedRedaction.applied(to: to))
        if ValueDescriber.areEqual(from, to) == true { return }
        if let identified = from as? any ElementsComparedByID, let pairs = identified.differingElements(from: to) {
            // The same ids in the same order: only the unequal elements are described.
            for pair in pairs {
                let component = PathComponent.id(ValueDescriber.line(pair.id, nested: true))
                compare(pair.old, pair.new, path: path + [component], depth: depth + 1, into: &changes)
            }
            return
        }
        guard depth < ValueDescriber.maxDepth,
            case .composite(let before) = ValueDescriber.shape(of: from),
            case .composite(let after) = ValueDescriber.shape(of: to),
            before.kind == after.kind, before.typeName == after.typeName
        else {
            compareLeaves(from, to, path: path, into: &changes)
            return
        }
        switch (before.children, after.children) {
        case (.named(let old), .named(let new)):
            guard old.count == new.count, zip(old, new).allSatisfy({ $0.label == $1.label }) else {
                compareLeaves(from, to, path: path, into: &changes)
                return
            }
            for (oldField, newField) in zip(old, new) {
                compare(
                    oldField.value, newField.value, path: path + [.field(oldField.label)], depth: depth + 1,
                    into: &changes)
            }
        case (.payload(let old), .payload(let new)):
            guard case .enumCase(let name) = before.kind, let old, let new else {
                compareLeaves(from, to, path: path, into: &changes)
                return
            }
            compare(old, new, path: path + [.caseName(name)], depth: depth + 1, into: &changes)
        case (.list(let old), .list(let new)):
            compareLists(old, new, of: (from, to), path: path, depth: depth, into: &changes)
        case (.identified(let old), .identified(let new)):
            compareIdentified(old, new, path: path, depth: depth, into: &changes)
        case (.keyed(let old), .keyed(let new)):
            compareKeyed(old, new, isSet: before.kind == .set, path: path, depth: depth, into: &changes)
        default:
            compareLeaves(from, to, path: path, into: &changes)
        }
    }

    /// Records a change where `==` says the values differ — or, for values that are not `Equatable`, their encodings
    /// or, failing that, their lines: a `Date` 0.25 s later is a change though it reads the same.
    private static func compareLeaves(_ from: Any, _ to: Any, path: [PathComponent], into changes: inout [Change]) {
        let equal =
            ValueDescriber.areEqual(from, to)
            ?? ValueDescriber.encodingsEqual(from, to)
            ?? (ValueDescriber.line(from, nested: true) == ValueDescriber.line(to, nested: true))
        guard !equal else { return }
        changes.append(Change(kind: .changed, path: path, from: from, to: to))
    }

    /// Whether two elements are the same: by `==`, or by their lines when they are not `Equatable`.
    private static func same(_ a: Any, _ b: Any) -> Bool {
        ValueDescriber.areEqual(a, b) ?? (ValueDescriber.line(a, nested: true) == ValueDescriber.line(b, nested: true))
    }

    /// Arrays: after their common start and end, the elements both have are compared by position; the rest are
    /// removed (from the end) or added.
    private static func compareLists(
        _ old: [Any], _ new: [Any], of lists: (from: Any, to: Any), path: [PathComponent], depth: Int,
        into changes: inout [Change]
    ) {
        if old.count == new.count {
            for index in old.indices {
                compare(old[index], new[index], path: path + [.index(index)], depth: depth + 1, into: &changes)
            }
            return
        }
        changes.append(
            Change(kind: .count, path: path, from: lists.from, to: lists.to, counts: (old.count, new.count)))
        var prefix = 0
        while prefix < min(old.count, new.count), same(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix,
            same(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
        {
            suffix += 1
        }
        let oldMiddle = old.count - prefix - suffix
        let newMiddle = new.count - prefix - suffix
        let shared = min(oldMiddle, newMiddle)
        for offset in (shared..<oldMiddle).reversed() {
            let index = prefix + offset
            changes.append(Change(kind: .removed, path: path + [.index(index)], from: old[index]))
        }
        for offset in 0..<shared {
            let index = prefix + offset
            compare(old[index], new[index], path: path + [.index(index)], depth: depth + 1, into: &changes)
        }
        for offset in shared..<newMiddle {
            let index = prefix + offset
            changes.append(Change(kind: .added, path: path + [.index(index)], to: new[index], position: index))
        }
    }

    /// Elements named by id: the same ids in the same order are compared pairwise (and only the unequal ones are
    /// described); otherwise by id, with removals, additions and a reordering.
    private static func compareIdentified(
        _ old: [(id: AnyHashable, element: Any)], _ new: [(id: AnyHashable, element: Any)],
        path: [PathComponent], depth: Int, into changes: inout [Change]
    ) {
        func component(_ id: AnyHashable) -> PathComponent { .id(ValueDescriber.line(id.base, nested: true)) }
        if old.count == new.count, zip(old, new).allSatisfy({ $0.id == $1.id }) {
            for (before, after) in zip(old, new) where ValueDescriber.areEqual(before.element, after.element) != true {
                compare(
                    before.element, after.element, path: path + [component(before.id)], depth: depth + 1,
                    into: &changes)
            }
            return
        }
        let oldPositions = Dictionary(old.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.map(\.id))
        var remaining: [AnyHashable] = []
        for element in old {
            if newIDs.contains(element.id) {
                remaining.append(element.id)
            } else {
                changes.append(Change(kind: .removed, path: path + [component(element.id)], from: element.element))
            }
        }
        for element in new {
            guard let position = oldPositions[element.id] else { continue }
            compare(
                old[position].element, element.element, path: path + [component(element.id)], depth: depth + 1,
                into: &changes)
        }
        for (position, element) in new.enumerated() where oldPositions[element.id] == nil {
            changes.append(
                Change(kind: .added, path: path + [component(element.id)], to: element.element, position: position))
            remaining.insert(element.id, at: min(position, remaining.count))
        }
        if remaining != new.map(\.id) {
            changes.append(
                Change(
                    kind: .reordered, path: path, from: old.map { component($0.id) },
                    order: new.map { component($0.id) }))
        }
    }

    /// Dictionaries and sets, by key (their children are sorted by it).
    private static func compareKeyed(
        _ old: [(key: String, value: Any)], _ new: [(key: String, value: Any)], isSet: Bool,
        path: [PathComponent], depth: Int, into changes: inout [Change]
    ) {
        func component(_ key: String) -> PathComponent { isSet ? .element(key) : .key(key) }
        let oldValues = Dictionary(old.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let newValues = Dictionary(new.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        for pair in old where newValues[pair.key] == nil {
            changes.append(Change(kind: .removed, path: path + [component(pair.key)], from: pair.value, inSet: isSet))
        }
        for pair in new {
            guard let before = oldValues[pair.key] else { continue }
            compare(before, pair.value, path: path + [component(pair.key)], depth: depth + 1, into: &changes)
        }
        for (position, pair) in new.enumerated() where oldValues[pair.key] == nil {
            changes.append(
                Change(
                    kind: .added, path: path + [component(pair.key)], to: pair.value, position: position,
                    inSet: isSet))
        }
    }
}

/// A collection of elements named by id that finds its unequal elements itself, comparing them with their own `==`
/// where the element type is known: what keeps the diff of a thousand rows, one of them changed, to a thousand `==`
/// rather than a thousand dynamic casts and boxes (measured with `effectstore-session-bench`: see the release notes).
/// `IdentifiedStates` and `ScreenStack` adopt it when their elements are `Equatable`. `package`: not public API.
package protocol ElementsComparedByID {
    /// The elements that differ from those of `other` — each with its id, this collection's element and `other`'s —
    /// when `other` is of this type and holds the same ids in the same order; `nil` otherwise.
    func differingElements(from other: Any) -> [(id: Any, old: Any, new: Any)]?
}

extension IdentifiedStates: ElementsComparedByID where Element: Equatable {
    package func differingElements(from other: Any) -> [(id: Any, old: Any, new: Any)]? {
        guard let other = other as? IdentifiedStates, other.count == count else { return nil }
        var differing: [(id: Any, old: Any, new: Any)] = []
        // By index, not `zip`: unspecialized here, a `Zip2Sequence` looked its metadata up for every element.
        for index in indices {
            let old = self[index]
            let new = other[index]
            guard old.id == new.id else { return nil }
            if old != new { differing.append((old.id, old, new)) }
        }
        return differing
    }
}

extension ScreenStack: ElementsComparedByID where Screen: Equatable {
    package func differingElements(from other: Any) -> [(id: Any, old: Any, new: Any)]? {
        guard let other = other as? ScreenStack, other.ids == ids else { return nil }
        var differing: [(id: Any, old: Any, new: Any)] = []
        for (index, id) in ids.enumerated() where self[index] != other[index] {
            differing.append((id, self[index], other[index]))
        }
        return differing
    }
}
