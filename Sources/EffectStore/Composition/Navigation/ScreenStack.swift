/// The id of one screen of a ``ScreenStack``: given by the stack when the screen is pushed, never given again by that
/// stack, stable while the screen stays.
///
/// Events for a screen carry its id (``StackEvent/element(id:_:)``), so an event meant for a popped screen finds no
/// screen and is ignored, even when a screen of the same kind was pushed since. Tests write ids as integer literals:
/// the first screen a stack gets is `0`, the next `1`, and so on.
///
/// ```swift
/// XCTAssertEqual(app.path.ids, [0, 1])
/// ```
public struct StackElementID: Hashable, Comparable, Codable, Sendable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The id's number.
    public let rawValue: Int

    /// The id whose number is `rawValue`.
    ///
    /// - Parameter rawValue: The number, as a stack gives them: `0` for its first screen, then counting up.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The id whose number is `value`: `let id: StackElementID = 2`.
    ///
    /// - Parameter value: The number.
    public init(integerLiteral value: Int) { self.init(rawValue: value) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Encodes the number alone.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Decodes a number.
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    /// The number: `2`.
    public var description: String { String(rawValue) }
}

/// A navigation stack as a value: the screens pushed above a root, in order, each with an id the stack gave it.
///
/// Keep one in a parent state, usually of an enum of screen kinds, at a ``ChildPlace`` the parent declares, and route
/// its screens' events and pops with ``ChildState/route(_:to:)``: everything a popped screen started is cancelled in the
/// transition that pops it, however it is popped:
///
/// ```swift
/// struct App: State {
///     var list = MeetingList()
///     var path = ScreenStack<Screen>()
///
///     enum Screen: ChildState, Equatable { case detail(Detail), record(Recording) /* … */ }
///     enum Event: Sendable { case meetingTapped(Meeting), path(StackEvent<Screen.Event>) }
///     enum Work: Sendable { case screen(StackElementID, Screen.Work) }
///     typealias Effect = Planned<Work>
///
///     static let path = ChildPlace(\App.path, event: Event.path, work: Work.screen)
///     static let places: ChildPlaces<App> = [path]
///
///     mutating func handle(event: Event) -> Effect? {
///         switch event {
///         case .meetingTapped(let meeting):
///             path.push(.detail(Detail(meeting: meeting)))
///             return nil
///         case .path(let event):
///             return route(event, to: Self.path)
///         }
///     }
/// }
/// ```
///
/// Ids are given in order, from `0`, and never given twice by one stack: not after a pop, not after
/// ``setScreens(_:)``, not after a round trip through `Codable` (the next id is encoded too). A stack made anew —
/// `path = ScreenStack(screens)` — counts from `0` again. In a declared place that is safe: a stack assigned anew
/// ends every screen of the stack it replaces, and goes on counting from that stack's next id. To replace a live stack's screens, prefer ``setScreens(_:)``: it also gives the new screens ids no screen had,
/// so their work may start in the transition that shows them (<doc:Navigation#Removal-wins>).
///
/// Two stacks are equal when they hold the same screens under the same ids, in the same order; the id the next push
/// will get is not compared (a stack pushed and popped back equals itself before). It is `Equatable`, `Hashable`,
/// `Codable` and `Sendable` when its screens are. Reading the top screen, pushing, popping it and finding a screen by
/// id near the top take constant time.
public struct ScreenStack<Screen> {
    /// The screens' ids, bottom to top.
    var elementIDs: [StackElementID]
    /// The screens, bottom to top; `screens[i]` has the id `elementIDs[i]`.
    var screens: [Screen]
    /// The id the next pushed screen gets.
    var nextElementID: StackElementID
    /// Which screens the recent changes touched, for `ObservableRows` (see ``elements``), and whether the stack was
    /// made anew (see ``ChildPlace``); not part of the value.
    @usableFromInline package var journal: ChangeJournal<StackElementID>

    /// The id the next pushed screen gets: greater than every id this stack has given.
    @usableFromInline package var nextID: StackElementID { nextElementID }

    /// An empty stack: only the root shows.
    public init() {
        elementIDs = []
        screens = []
        nextElementID = 0
        journal = ChangeJournal()
    }

    /// A stack of `screens`, bottom to top, with the ids `0`, `1`, … — a deep link, or a path restored from data.
    ///
    /// ```swift
    /// let path = ScreenStack<Screen>([.detail(Detail(meeting: meeting)), .record(Recording(meeting: meeting))])
    /// ```
    ///
    /// - Parameter screens: The screens, bottom first.
    public init(_ screens: some Sequence<Screen>) {
        self.init()
        for screen in screens { push(screen) }
        journal.reset(count: self.screens.count)  // a new stack: its history starts here
    }

    /// The screens' ids, bottom to top.
    public var ids: [StackElementID] { elementIDs }

    /// The top screen's id, or `nil` when the stack is empty.
    public var topID: StackElementID? { elementIDs.last }

    /// The screen with `id`, or `nil` when it is not on the stack.
    ///
    /// ```swift
    /// if case .detail(let detail)? = path[id: 0] { … }
    /// ```
    ///
    /// - Parameter id: The screen's id.
    public subscript(id id: StackElementID) -> Screen? {
        guard let position = index(id: id) else { return nil }
        return screens[position]
    }

    /// The position of the screen with `id`, from `0` at the bottom, or `nil`. Searched from the top.
    ///
    /// - Parameter id: The screen's id.
    public func index(id: StackElementID) -> Int? {
        elementIDs.lastIndex(of: id)
    }

    /// Changes the screen with `id` in place.
    ///
    /// ```swift
    /// path.modify(id: id) { screen in screen = .detail(updated) }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The screen's id.
    ///   - body: Changes the screen.
    /// - Returns: What `body` returned, or `nil` when no screen has `id` (and `body` was not called).
    @discardableResult
    public mutating func modify<Result>(id: StackElementID, _ body: (inout Screen) throws -> Result) rethrows
        -> Result?
    {
        guard let position = index(id: id) else { return nil }
        journal.recordChange(of: id)
        return try body(&screens[position])
    }

    /// Pushes `screen` on top, under a new id.
    ///
    /// - Parameter screen: The screen to show.
    /// - Returns: Its id.
    @discardableResult
    public mutating func push(_ screen: Screen) -> StackElementID {
        let id = nextElementID
        nextElementID = StackElementID(rawValue: id.rawValue + 1)
        elementIDs.append(id)
        screens.append(screen)
        journal.recordInsertion(of: id, count: screens.count)
        return id
    }

    /// Removes the top screen.
    ///
    /// - Returns: The removed screen, or `nil` when the stack was empty.
    @discardableResult
    public mutating func pop() -> Screen? {
        guard !screens.isEmpty else { return nil }
        elementIDs.removeLast()
        journal.recordReordering()
        return screens.removeLast()
    }

    /// Removes the screen with `id` and every screen above it: what the back button of the screen below does.
    ///
    /// An `id` that is not on the stack changes nothing — a late request for a screen popped meanwhile.
    ///
    /// - Parameter id: The lowest screen to remove.
    /// - Returns: Whether `id` was on the stack.
    @discardableResult
    public mutating func pop(from id: StackElementID) -> Bool {
        guard let position = index(id: id) else { return false }
        elementIDs.removeSubrange(position...)
        screens.removeSubrange(position...)
        journal.recordReordering()
        return true
    }

    /// Removes every screen above the one with `id`, which becomes the top screen.
    ///
    /// An `id` that is not on the stack changes nothing.
    ///
    /// - Parameter id: The screen to show.
    /// - Returns: Whether `id` was on the stack.
    @discardableResult
    public mutating func pop(to id: StackElementID) -> Bool {
        guard let position = index(id: id) else { return false }
        elementIDs.removeSubrange((position + 1)...)
        screens.removeSubrange((position + 1)...)
        journal.recordReordering()
        return true
    }

    /// Counts on from `next` when it is past this stack's next id: the stack that this one replaced in a declared place
    /// (see ``ChildPlace``) gave every id below it, and no later push may give one of them again.
    @usableFromInline
    mutating func continueCounting(from next: StackElementID) {
        if next.rawValue > nextElementID.rawValue { nextElementID = next }
    }

    /// Removes every screen: only the root shows.
    public mutating func popToRoot() {
        elementIDs.removeAll()
        screens.removeAll()
        journal.recordReordering()
    }

    /// Replaces every screen with `screens`, under new ids: a deep link into a running app. The stack keeps counting,
    /// so no id of a replaced screen is given again.
    ///
    /// ```swift
    /// state.path.setScreens([.detail(detail), .record(recording)])
    /// ```
    ///
    /// - Parameter screens: The new screens, bottom first.
    public mutating func setScreens(_ screens: some Sequence<Screen>) {
        popToRoot()
        for screen in screens { push(screen) }
    }
}

extension ScreenStack where Screen: ChildState, Screen.Effect: ComposableEffect {
    /// The child of the screen with `id` when the screen is in the case `place` names — `nil` when it is not on the
    /// stack or in another case; setting changes that screen, if it is there and in that case (setting `nil` changes
    /// nothing: pop to remove a screen).
    ///
    /// ```swift
    /// path[id: 1, case: Screen.record]?.secondsElapsed = 3     // a test's expected state
    /// if let detail = path[id: 0, case: Screen.detail] { … }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The screen's id.
    ///   - place: The screens' case, a ``ChildPlace`` declared with ``ChildPlace/init(case:extract:event:work:)``.
    public subscript<Value>(id id: StackElementID, case place: ChildPlace<Screen, SingleChild<Value>>) -> Value? {
        get {
            guard let position = index(id: id) else { return nil }
            return place.read(screens[position])
        }
        set {
            guard let newValue, let position = index(id: id), place.read(screens[position]) != nil,
                let embed = place.embedCase
            else { return }
            journal.recordChange(of: id)
            screens[position] = embed(newValue)
        }
    }

    /// Changes, in place, the child of the screen with `id` when the screen is in the case `place` names.
    ///
    /// ```swift
    /// store.send(.path(.element(id: 0, .detail(.editTapped)))) {
    ///     $0.path.modify(id: 0, case: Screen.detail) { $0.destination = .edit(form) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The screen's id.
    ///   - place: The screens' case, a ``ChildPlace`` declared with ``ChildPlace/init(case:extract:event:work:)``.
    ///   - body: Changes the screen's child.
    /// - Returns: What `body` returned, or `nil` when no screen has `id` or it is in another case (and `body` was not
    ///   called).
    @discardableResult
    public mutating func modify<Value, Result>(
        id: StackElementID,
        case place: ChildPlace<Screen, SingleChild<Value>>,
        _ body: (inout Value) throws -> Result
    ) rethrows -> Result? {
        guard let position = index(id: id), var value = place.read(screens[position]), let embed = place.embedCase
        else { return nil }
        journal.recordChange(of: id)
        let result = try body(&value)
        screens[position] = embed(value)
        return result
    }
}

/// One screen of a ``ScreenStack`` with its id: what ``ScreenStack/elements`` lists, and what the `ObservableRow` of
/// a screen holds.
///
/// ```swift
/// for element in path.elements { print(element.id, element.screen) }
/// ```
public struct StackElement<Screen>: Identifiable {
    /// The screen's id.
    public let id: StackElementID
    /// The screen.
    public var screen: Screen

    /// The screen `screen` under `id`.
    ///
    /// - Parameters:
    ///   - id: The screen's id.
    ///   - screen: The screen.
    public init(id: StackElementID, screen: Screen) {
        self.id = id
        self.screen = screen
    }
}

extension StackElement: Sendable where Screen: Sendable {}
extension StackElement: Equatable where Screen: Equatable {}
extension StackElement: Hashable where Screen: Hashable {}

extension ScreenStack {
    /// The screens with their ids, bottom first: a collection of ``StackElement``s, found by id too. What
    /// `ObservableRows.init(_:_:)` observes, one object per screen.
    ///
    /// ```swift
    /// path.elements.map(\.id)        // the same as path.ids
    /// path.elements[id: 1]?.screen
    /// ```
    public var elements: Elements { Elements(stack: self) }

    /// The screens of a stack with their ids, bottom first (see ``ScreenStack/elements``).
    public struct Elements: RandomAccessCollection {
        let stack: ScreenStack

        init(stack: ScreenStack) { self.stack = stack }

        /// `0`.
        public var startIndex: Int { 0 }
        /// The number of screens.
        public var endIndex: Int { stack.screens.count }
        /// The screen at `position`, from `0` at the bottom, with its id.
        public subscript(position: Int) -> StackElement<Screen> {
            StackElement(id: stack.elementIDs[position], screen: stack.screens[position])
        }

        /// The screen with `id`, with its id, or `nil`. Searched from the top.
        ///
        /// - Parameter id: The screen's id.
        public subscript(id id: StackElementID) -> StackElement<Screen>? {
            guard let position = stack.index(id: id) else { return nil }
            return self[position]
        }
    }
}

extension ScreenStack.Elements: Sendable where Screen: Sendable {}

// Its changes are journaled, for `ObservableRows`: every mutating member of the stack records what it touched.
extension ScreenStack.Elements: JournaledRows {
    @usableFromInline package var journal: ChangeJournal<StackElementID> { stack.journal }
}

extension ScreenStack: RandomAccessCollection {
    /// `0`, the bottom screen's position.
    public var startIndex: Int { 0 }
    /// One past the top screen's position: the number of screens.
    public var endIndex: Int { screens.count }
    /// The screen at `position`, from `0` at the bottom.
    public subscript(position: Int) -> Screen { screens[position] }
}

extension ScreenStack: ExpressibleByArrayLiteral {
    /// A stack of the given screens, bottom first, with the ids `0`, `1`, ….
    ///
    /// - Parameter elements: The screens.
    public init(arrayLiteral elements: Screen...) { self.init(elements) }
}

extension ScreenStack: Sendable where Screen: Sendable {}

extension ScreenStack: Equatable where Screen: Equatable {
    /// Whether both hold equal screens under the same ids, in the same order. The next id is not compared.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.elementIDs == rhs.elementIDs && lhs.screens == rhs.screens
    }
}

extension ScreenStack: Hashable where Screen: Hashable {
    /// Hashes the ids and the screens, in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elementIDs)
        hasher.combine(screens)
    }
}

extension ScreenStack: CustomStringConvertible {
    /// The screens with their ids, bottom first: `[0: detail(…), 1: record(…)]`.
    public var description: String {
        "[" + zip(elementIDs, screens).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
    }
}

extension ScreenStack: CustomValueStructure {
    /// The screens named by their ids, bottom first — what `==` compares: a diff reads
    /// `.path[id: 1].record.secondsElapsed`, and never shows the next id or the stack's bookkeeping.
    public var valueStructure: ValueStructure {
        .identified(zip(elementIDs, screens).map { (id: $0 as any Hashable, element: $1 as Any) })
    }
}

/// The keys of a ``ScreenStack`` in its encoded form.
private enum ScreenStackKeys: String, CodingKey { case screens, nextID }
/// The keys of one screen with its id in a ``ScreenStack``'s encoded form.
private enum ScreenStackElementKeys: String, CodingKey { case id, screen }

extension ScreenStack: Encodable where Screen: Encodable {

    /// Encodes the screens with their ids, bottom first, and the id the next push gets:
    /// `{"screens": [{"id": 0, "screen": …}], "nextID": 1}`.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ScreenStackKeys.self)
        var elements = container.nestedUnkeyedContainer(forKey: .screens)
        for (id, screen) in zip(elementIDs, screens) {
            var element = elements.nestedContainer(keyedBy: ScreenStackElementKeys.self)
            try element.encode(id, forKey: .id)
            try element.encode(screen, forKey: .screen)
        }
        try container.encode(nextID, forKey: .nextID)
    }
}

extension ScreenStack: Decodable where Screen: Decodable {
    /// The greatest id, and next id, a decoded stack may hold: 2^53, the greatest integer that every JSON reader keeps
    /// exactly. A stack that counted past it would have pushed more screens than an app ever does; refusing it leaves
    /// every later push room to count on, so no data read from outside — a deep link, a restored path — makes a push
    /// trap.
    static var greatestDecodedID: Int { 1 << 53 }

    /// Decodes what ``encode(to:)`` writes. `nextID` may be missing (then it is one more than the greatest id); an id
    /// that appears twice is an error that names it.
    ///
    /// Data from outside the app — a deep link, a restored path — is checked as it is read, so that no later push
    /// traps: an id or a next id that is negative, or greater than 2^53 (9007199254740992, the greatest integer every
    /// JSON reader keeps exactly), is refused with a message that says which.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when two screens have one id, or an id or the next id is negative or
    ///   greater than 2^53; the decoder's errors for data of the wrong shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ScreenStackKeys.self)
        var elements = try container.nestedUnkeyedContainer(forKey: .screens)
        self.init()
        var seen = Set<StackElementID>()
        while !elements.isAtEnd {
            let element = try elements.nestedContainer(keyedBy: ScreenStackElementKeys.self)
            let id = try element.decode(StackElementID.self, forKey: .id)
            if let problem = Self.problem(with: id, named: "the id") {
                throw DecodingError.dataCorruptedError(forKey: .id, in: element, debugDescription: problem)
            }
            guard seen.insert(id).inserted else {
                throw DecodingError.dataCorruptedError(
                    forKey: .id, in: element,
                    debugDescription: """
                        ScreenStack<\(Screen.self)>: the id \(id) is given to two screens. A stack gives every screen \
                        an id of its own; to fix the data, renumber the screens (or decode them as an array and \
                        build the stack with ScreenStack(screens)).
                        """
                )
            }
            elementIDs.append(id)
            screens.append(try element.decode(Screen.self, forKey: .screen))
        }
        let following = (seen.max()?.rawValue ?? -1) + 1  // at most 2^53 + 1: every id was checked above
        var stored = 0
        if let next = try container.decodeIfPresent(StackElementID.self, forKey: .nextID) {
            if let problem = Self.problem(with: next, named: "the next id") {
                throw DecodingError.dataCorruptedError(forKey: .nextID, in: container, debugDescription: problem)
            }
            stored = next.rawValue
        }
        nextElementID = StackElementID(rawValue: Swift.max(following, stored))
        journal.reset(count: screens.count)
    }

    /// Why `id`, read from data, cannot be a decoded stack's; `nil` when it can.
    private static func problem(with id: StackElementID, named name: String) -> String? {
        if id.rawValue < 0 {
            return "ScreenStack<\(Screen.self)>: \(name) \(id) is negative. Ids count up from 0."
        }
        if id.rawValue > greatestDecodedID {
            return """
                ScreenStack<\(Screen.self)>: \(name) \(id) is too large: a decoded stack's ids and next id are at most \
                \(greatestDecodedID) (2^53), so that every later push has room to count on. The data was not written \
                by a stack; to fix it, renumber the screens from 0 (or decode them as an array and build the stack \
                with ScreenStack(screens)).
                """
        }
        return nil
    }
}
