/// An ordered collection of child states, each found by its id in constant time: the rows of a list feature.
///
/// A parent state keeps its rows here and routes each row's events by id with
/// ``ChildState/route(_:to:)`` at their ``ChildPlace``. Order is kept as in an array; ids are unique.
///
/// ```swift
/// var todos: IdentifiedStates<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Bread")]
/// todos[id: 2]?.isDone = true          // in place, by id
/// todos.append(Todo(id: 3, title: "Eggs"))
/// todos.remove(id: 1)
/// todos.map(\.title)                   // ["Bread", "Eggs"]
/// ```
///
/// A parent that declares the collection among its places (its ``ChildPlace``) ends the work of every row that
/// leaves it, however it leaves — any of the removals below, or a collection made anew in its place
/// (<doc:BuildingAnAppFromFeatures#When-a-child-leaves>).
///
/// Reading by position or by id, and changing a row in place by id, take constant time; inserting, removing and
/// moving take time linear in the number of rows after the change, as in an array. It is `Equatable`, `Hashable`,
/// `Codable` (as an array of its elements) and `Sendable` when its elements are.
public struct IdentifiedStates<Element: Identifiable> where Element.ID: Sendable {
    /// The elements, in order.
    @usableFromInline var elements: [Element]
    /// The position of each element in `elements`, by id.
    @usableFromInline var positions: [Element.ID: Int]
    /// Which elements the latest changes touched, for `ObservableRows`; not part of the value (not in `==`, hash or
    /// coding). Every mutating member below records its change in it.
    @usableFromInline package var journal: ChangeJournal<Element.ID>

    /// Creates an empty collection.
    public init() {
        elements = []
        positions = [:]
        journal = ChangeJournal()
    }

    /// Creates a collection of `elements`, in order.
    ///
    /// An element whose id came earlier in `elements` replaces the earlier one, at the earlier one's position.
    ///
    /// ```swift
    /// let todos = IdentifiedStates(loadedTodos)
    /// ```
    ///
    /// - Parameter elements: The elements.
    public init(_ elements: some Sequence<Element>) {
        self.init()
        for element in elements {
            if let position = positions[element.id] {
                self.elements[position] = element
            } else {
                append(element)
            }
        }
        journal.reset(count: self.elements.count)  // a new collection: its history starts here
    }

    /// The ids of the elements, in order.
    public var ids: [Element.ID] { elements.map { $0.id } }

    /// The element with `id`, or `nil`; setting writes it in place, appends it when new, or removes it with `nil`.
    ///
    /// ```swift
    /// todos[id: 2]?.isDone = true
    /// todos[id: 9] = Todo(id: 9, title: "New")   // appended
    /// todos[id: 9] = nil                          // removed
    /// ```
    ///
    /// Setting an element whose own id is not `id` is a programmer error and stops with a message. Setting `nil`
    /// removes the element; in a declared place its work ends (``ChildPlace``).
    ///
    /// - Parameter id: The element's id.
    @inlinable public subscript(id id: Element.ID) -> Element? {
        get {
            guard let position = positions[id] else { return nil }
            return elements[position]
        }
        set {
            guard let newValue else {
                remove(id: id)
                return
            }
            // fatalError, not precondition: a release build (-O) drops a precondition's message.
            if newValue.id != id {
                fatalError(
                    """
                    EffectStore: IdentifiedStates<\(Element.self)> was given, under id \(id), an element whose id is \
                    \(newValue.id). To fix, write an element under its own id: rows[id: row.id] = row.
                    """
                )
            }
            if let position = positions[id] {
                elements[position] = newValue
                journal.recordChange(of: id)
            } else {
                append(newValue)
            }
        }
    }

    /// The position of the element with `id`, or `nil`.
    ///
    /// - Parameter id: The element's id.
    /// - Returns: Its position, from `0`.
    public func index(id: Element.ID) -> Int? { positions[id] }

    /// Whether an element with `id` is here.
    ///
    /// - Parameter id: The id to look for.
    public func contains(id: Element.ID) -> Bool { positions[id] != nil }

    /// Adds `element` at the end, unless an element with its id is here already.
    ///
    /// ```swift
    /// todos.append(Todo(id: nextID, title: title))
    /// ```
    ///
    /// - Parameter element: The element to add.
    /// - Returns: Whether it was added; when `false`, the collection is unchanged.
    @discardableResult
    public mutating func append(_ element: Element) -> Bool {
        insert(element, at: elements.count)
    }

    /// Inserts `element` at `position`, unless an element with its id is here already.
    ///
    /// ```swift
    /// todos.insert(Todo(id: nextID, title: title), at: 0)   // on top
    /// ```
    ///
    /// - Parameters:
    ///   - element: The element to add.
    ///   - position: Where, from `0` to ``count``.
    /// - Returns: Whether it was inserted; when `false`, the collection is unchanged.
    @discardableResult
    public mutating func insert(_ element: Element, at position: Int) -> Bool {
        guard positions[element.id] == nil else { return false }
        elements.insert(element, at: position)
        reindex(from: position)
        journal.recordInsertion(of: element.id, count: elements.count)
        return true
    }

    /// Removes the element with `id` and returns it; `nil` when there is none.
    ///
    /// In a declared place, the work of a removed row ends in the same transition (``ChildPlace``).
    ///
    /// - Parameter id: The element's id.
    /// - Returns: The removed element, or `nil`.
    @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        guard let position = positions[id] else { return nil }
        return remove(at: position)
    }

    /// Removes the element at `position` and returns it.
    ///
    /// In a declared place, the work of a removed row ends in the same transition (``ChildPlace``).
    ///
    /// - Parameter position: A valid position.
    /// - Returns: The removed element.
    @discardableResult
    public mutating func remove(at position: Int) -> Element {
        let element = elements.remove(at: position)
        positions[element.id] = nil
        reindex(from: position)
        journal.recordRemoval(of: element.id)
        return element
    }

    /// Removes every element that satisfies `shouldBeRemoved`, keeping the others in order.
    ///
    /// In a declared place, the work of a removed row ends in the same transition (``ChildPlace``).
    ///
    /// ```swift
    /// todos.removeAll { $0.isDone }
    /// ```
    ///
    /// - Parameter shouldBeRemoved: Whether an element goes.
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        var removed: [Element.ID] = []
        try elements.removeAll { element in
            guard try shouldBeRemoved(element) else { return false }
            removed.append(element.id)
            return true
        }
        guard !removed.isEmpty else { return }
        positions.removeAll(keepingCapacity: true)
        reindex(from: 0)
        for id in removed { journal.recordRemoval(of: id) }
    }

    /// Moves the elements at `source` so that they stand before the element that was at `destination`, keeping
    /// their order — the contract of SwiftUI's `onMove`.
    ///
    /// ```swift
    /// todos.move(fromOffsets: [0], toOffset: 3)   // the first row goes after the third
    /// ```
    ///
    /// - Parameters:
    ///   - source: The positions of the elements to move.
    ///   - destination: The position, in the collection before the move, to move them in front of; ``count`` for
    ///     the end.
    public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
        let moving = Set(source)
        guard !moving.isEmpty else { return }
        var kept: [Element] = []
        var moved: [Element] = []
        var insertion = 0
        for (position, element) in elements.enumerated() {
            if position == destination { insertion = kept.count }
            if moving.contains(position) { moved.append(element) } else { kept.append(element) }
        }
        if destination >= elements.count { insertion = kept.count }
        kept.insert(contentsOf: moved, at: insertion)
        elements = kept
        reindex(from: 0)
        journal.recordReordering()
    }

    /// Sorts the elements in place.
    ///
    /// ```swift
    /// todos.sort { $0.title < $1.title }
    /// ```
    ///
    /// - Parameter areInIncreasingOrder: Whether the first element goes before the second.
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        try elements.sort(by: areInIncreasingOrder)
        reindex(from: 0)
        journal.recordReordering()
    }

    /// Changes the element with `id` in place and returns what `body` returns; `nil` when there is none.
    @inlinable
    mutating func modify<Result>(id: Element.ID, _ body: (inout Element) -> Result) -> Result? {
        guard let position = positions[id] else { return nil }
        journal.recordChange(of: id)
        return body(&elements[position])
    }

    /// Puts `element` in the place of the element with `id`, when that one is there and holds another value.
    mutating func replace(id: Element.ID, with element: Element) where Element: Equatable {
        guard let position = positions[id], elements[position] != element else { return }
        elements[position] = element
        journal.recordChange(of: id)
    }

    /// Records the positions of the elements from `start` on.
    private mutating func reindex(from start: Int) {
        for position in start..<elements.count { positions[elements[position].id] = position }
    }
}

// Sendable: an array and a dictionary of sendable values.
extension IdentifiedStates: Sendable where Element: Sendable {}

extension IdentifiedStates: RandomAccessCollection {
    /// The position of the first element: always `0`.
    public var startIndex: Int { 0 }
    /// The position after the last element: the number of elements.
    public var endIndex: Int { elements.count }
    /// The element at `position`.
    public subscript(position: Int) -> Element { elements[position] }
}

extension IdentifiedStates: ExpressibleByArrayLiteral {
    /// Creates a collection of the elements written, as ``init(_:)`` does.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension IdentifiedStates: CustomStringConvertible {
    /// The elements, as an array prints them.
    public var description: String { elements.description }
}
