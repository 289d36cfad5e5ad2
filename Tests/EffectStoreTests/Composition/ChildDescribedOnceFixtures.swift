import EffectStore
import EffectStoreTesting
import Foundation

// The features of ChildDescribedOnceTests: each of the mistakes issue 52 lists, as a new user would write the
// feature, declared once with `ChildPlace`. In a namespace of their own, `Why`, beside the other tests' fixtures.

enum Why {

    /// A row or a sheet that ticks once, a second after `.start`, or streams ticks from a run after `.stream`. Its ticks
    /// carry the incarnation they were started in, so that a test sees a tick of an old child's work reach a new
    /// child under the same id.
    struct Ticker: ChildState, Identifiable, Equatable {
        let id: Int
        /// Which child this is, among those that had this id: a new one gets a new number.
        var incarnation = 0
        var ticks = 0
        /// Ticks of another incarnation's work that reached this child.
        var strayTicks = 0

        enum Event: Sendable, Equatable { case start, stream, tick(incarnation: Int) }
        enum Work: Sendable, Equatable { case tick(incarnation: Int), stream(incarnation: Int) }
        typealias Effect = Planned<Work>

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .start:
                return Effect.work(.tick(incarnation: incarnation)).delayed(by: .seconds(1), id: "timer")
            case .stream:
                return Effect.work(.stream(incarnation: incarnation)).cancellable(id: "stream")
            case .tick(let incarnation):
                if incarnation == self.incarnation { ticks += 1 } else { strayTicks += 1 }
                return nil
            }
        }
    }

    /// Answers a ticker's work: its tick at once (the delay is the plan's), or a run that streams ticks until it is
    /// cancelled or has sent 200.
    static func tickAnswer(_ work: Ticker.Work) -> EffectAnswer<Ticker.Event>? {
        switch work {
        case .tick(let incarnation):
            return .event(.tick(incarnation: incarnation))
        case .stream(let incarnation):
            return .run { send in
                for _ in 0..<200 where !Task.isCancelled {
                    send(.tick(incarnation: incarnation))
                    await Task.yield()
                }
            }
        }
    }

    // MARK: - Case 1: two collections of one row type; two panels of one type, each with a sheet

    struct TwoLists: State, Equatable {
        var left: IdentifiedStates<Ticker> = [Ticker(id: 1)]
        var right: IdentifiedStates<Ticker> = [Ticker(id: 1)]

        enum Event: Sendable, Equatable {
            case left(Int, Ticker.Event), right(Int, Ticker.Event), removeLeft(Int)
        }
        enum Work: Sendable, Equatable { case left(Int, Ticker.Work), right(Int, Ticker.Work) }
        typealias Effect = Planned<Work>

        static var initialState: TwoLists { TwoLists() }

        static let left = ChildPlace(\TwoLists.left, event: Event.left, work: Work.left)
        static let right = ChildPlace(\TwoLists.right, event: Event.right, work: Work.right)
        static let places: ChildPlaces<TwoLists> = [left, right]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .left(let id, let event): return route((id, event), to: Self.left)
            case .right(let id, let event): return route((id, event), to: Self.right)
            case .removeLeft(let id):
                left.remove(id: id)
                return nil
            }
        }
    }

    final class TwoListsEffects: PlannedEffectHandler {
        func perform(_ work: TwoLists.Work) -> EffectAnswer<TwoLists.Event>? {
            switch work {
            case .left(let id, let work): TwoLists.left.answer((id, work), by: tickAnswer)
            case .right(let id, let work): TwoLists.right.answer((id, work), by: tickAnswer)
            }
        }
    }

    /// A panel that can present a ticking sheet.
    struct Panel: ChildState, Equatable {
        var sheet: Ticker?

        enum Event: Sendable, Equatable { case open, sheet(PresentationEvent<Ticker.Event>) }
        enum Work: Sendable, Equatable { case sheet(Ticker.Work) }
        typealias Effect = Planned<Work>

        static let sheet = ChildPlace(\Panel.sheet, event: Event.sheet, work: Work.sheet)
        static let places: ChildPlaces<Panel> = [sheet]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .open:
                sheet = Ticker(id: 0)
                return nil
            case .sheet(let event):
                return route(event, to: Self.sheet)
            }
        }
    }

    struct TwoPanels: State, Equatable {
        var first = Panel()
        var second = Panel()

        enum Event: Sendable, Equatable { case first(Panel.Event), second(Panel.Event) }
        enum Work: Sendable, Equatable { case first(Panel.Work), second(Panel.Work) }
        typealias Effect = Planned<Work>

        static var initialState: TwoPanels { TwoPanels() }

        static let first = ChildPlace(\TwoPanels.first, event: Event.first, work: Work.first)
        static let second = ChildPlace(\TwoPanels.second, event: Event.second, work: Work.second)
        static let places: ChildPlaces<TwoPanels> = [first, second]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .first(let event): return route(event, to: Self.first)
            case .second(let event): return route(event, to: Self.second)
            }
        }
    }

    final class TwoPanelsEffects: PlannedEffectHandler {
        func perform(_ work: TwoPanels.Work) -> EffectAnswer<TwoPanels.Event>? {
            switch work {
            case .first(let work): TwoPanels.first.answer(work, by: panel)
            case .second(let work): TwoPanels.second.answer(work, by: panel)
            }
        }

        private func panel(_ work: Panel.Work) -> EffectAnswer<Panel.Event>? {
            switch work {
            case .sheet(let work): Panel.sheet.answer(work, by: tickAnswer)
            }
        }
    }

    // MARK: - Case 2: a row removed and appended again under its id in one transition

    struct Board: State, Equatable {
        var rows: IdentifiedStates<Ticker> = [Ticker(id: 1), Ticker(id: 2), Ticker(id: 3), Ticker(id: 4)]
        /// The incarnation the next row gets.
        var nextIncarnation = 1

        enum Event: Sendable, Equatable {
            case row(Int, Ticker.Event)
            /// Removes the row with the id and appends a new one under the same id, in one transition.
            case replace(Int)
            /// Replaces the row and starts the new one, in one transition.
            case replaceAndStart(Int)
            /// Replaces the row and starts a stream of ticks for the new one, in one transition.
            case replaceAndStream(Int)
            /// Starts the row, then replaces it, in one transition: the old row's work never starts.
            case startThenReplace(Int)
        }
        enum Work: Sendable, Equatable { case row(Int, Ticker.Work) }
        typealias Effect = Planned<Work>

        static var initialState: Board { Board() }

        static let rows = ChildPlace(\Board.rows, event: Event.row, work: Work.row)
        static let places: ChildPlaces<Board> = [rows]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .row(let id, let event):
                return route((id, event), to: Self.rows)
            case .replace(let id):
                guard let index = rows.index(id: id) else { return nil }
                rows.remove(id: id)
                rows.insert(Ticker(id: id, incarnation: nextIncarnation), at: index)
                nextIncarnation += 1
                return nil
            case .replaceAndStart(let id):
                _ = handle(event: .replace(id))
                return route((id, .start), to: Self.rows)
            case .replaceAndStream(let id):
                _ = handle(event: .replace(id))
                return route((id, .stream), to: Self.rows)
            case .startThenReplace(let id):
                let started = route((id, .start), to: Self.rows)
                _ = handle(event: .replace(id))
                return started
            }
        }
    }

    final class BoardEffects: PlannedEffectHandler {
        func perform(_ work: Board.Work) -> EffectAnswer<Board.Event>? {
            switch work {
            case .row(let id, let work): Board.rows.answer((id, work), by: tickAnswer)
            }
        }
    }

    // MARK: - Case 3: routing to a place that is not declared

    struct Forgetful: State, Equatable {
        var rows: IdentifiedStates<Ticker> = [Ticker(id: 1)]

        enum Event: Sendable, Equatable { case row(Int, Ticker.Event) }
        enum Work: Sendable, Equatable { case row(Int, Ticker.Work) }
        typealias Effect = Planned<Work>

        static var initialState: Forgetful { Forgetful() }

        /// Declared as a value, but left out of `places`.
        static let rows = ChildPlace(\Forgetful.rows, event: Event.row, work: Work.row)

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .row(let id, let event): route((id, event), to: Self.rows)
            }
        }
    }

    final class ForgetfulEffects: PlannedEffectHandler {
        func perform(_ work: Forgetful.Work) -> EffectAnswer<Forgetful.Event>? {
            switch work {
            case .row(let id, let work): Forgetful.rows.answer((id, work), by: tickAnswer)
            }
        }
    }

    // MARK: - Case 4: a child's messages, whatever their type is called

    /// A form that tells its parent an `Output` — not a type named `Message`.
    struct OutputForm: ChildState, Equatable {
        var title = ""

        enum Event: Sendable, Equatable { case titleChanged(String), doneTapped }
        enum Output: Sendable, Equatable { case done(String) }
        typealias Effect = PlannedEffect<Never, Output>

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .titleChanged(let title):
                self.title = title
                return nil
            case .doneTapped:
                return .tell(.done(title))
            }
        }
    }

    struct FormHost: State, Equatable {
        var form: OutputForm?
        var saved: [String] = []

        enum Event: Sendable, Equatable { case open, form(PresentationEvent<OutputForm.Event>) }
        typealias Effect = Never

        static var initialState: FormHost { FormHost() }

        static let form = ChildPlace(\FormHost.form, event: Event.form)
        static let places: ChildPlaces<FormHost> = [form]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .open:
                form = OutputForm()
                return nil
            case .form(let event):
                return route(event, to: Self.form) { host, output in
                    switch output {
                    case .done(let title):
                        host.saved.append(title)
                        host.form = nil
                        return nil
                    }
                }
            }
        }
    }

    // MARK: - Case 5: a holder of a shared value that edits it and leaves in one transition

    struct Item: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
    }

    /// A sheet that holds a copy of an item, renames it, and asks to be closed.
    struct ItemEditor: ChildState, Equatable {
        var item: Item

        enum Event: Sendable, Equatable { case rename(String), renameAndClose(String) }
        enum Message: Sendable, Equatable { case close }
        typealias Effect = PlannedEffect<Never, Message>

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .rename(let title):
                item.title = title
                return nil
            case .renameAndClose(let title):
                item.title = title
                return .tell(.close)
            }
        }
    }

    /// A panel that presents the editor and closes it when asked: it knows nothing of the list.
    struct EditorPanel: ChildState, Equatable {
        var editor: ItemEditor?

        enum Event: Sendable, Equatable { case open(Item), editor(PresentationEvent<ItemEditor.Event>) }
        typealias Effect = Never

        static let editor = ChildPlace(\EditorPanel.editor, event: Event.editor)
        static let places: ChildPlaces<EditorPanel> = [editor]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .open(let item):
                editor = ItemEditor(item: item)
                return nil
            case .editor(let event):
                return route(event, to: Self.editor) { panel, message in
                    switch message {
                    case .close: panel.editor = nil
                    }
                    return nil
                }
            }
        }
    }

    /// The root: the items, and the panel whose editor holds a copy of one, kept in step by `sharedValues`.
    struct Catalog: State, Equatable {
        var items: IdentifiedStates<Item> = [Item(id: 1, title: "Draft")]
        var panel = EditorPanel()

        enum Event: Sendable, Equatable { case panel(EditorPanel.Event) }
        typealias Effect = Never

        static var initialState: Catalog { Catalog() }

        static let panel = ChildPlace(\Catalog.panel, event: Event.panel)
        static let places: ChildPlaces<Catalog> = [panel]
        static let sharedValues: SharedValues<Catalog> = [.elements(\.items), .element(in: \.panel.editor, at: \.item)]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .panel(let event): route(event, to: Self.panel)
            }
        }
    }

    // MARK: - Case 6: many rows leaving at once

    struct BigBoard: State, Equatable {
        var rows: IdentifiedStates<Ticker>

        enum Event: Sendable, Equatable { case row(Int, Ticker.Event), removeOdd }
        enum Work: Sendable, Equatable { case row(Int, Ticker.Work) }
        typealias Effect = Planned<Work>

        init(rows: Int) { self.rows = IdentifiedStates((0..<rows).map { Ticker(id: $0) }) }

        static var initialState: BigBoard { BigBoard(rows: 0) }

        static let rows = ChildPlace(\BigBoard.rows, event: Event.row, work: Work.row)
        static let places: ChildPlaces<BigBoard> = [rows]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .row(let id, let event): return route((id, event), to: Self.rows)
            case .removeOdd:
                rows.removeAll { !$0.id.isMultiple(of: 2) }
                return nil
            }
        }
    }

    final class BigBoardEffects: PlannedEffectHandler {
        func perform(_ work: BigBoard.Work) -> EffectAnswer<BigBoard.Event>? {
            switch work {
            case .row(let id, let work): BigBoard.rows.answer((id, work), by: tickAnswer)
            }
        }
    }
}
