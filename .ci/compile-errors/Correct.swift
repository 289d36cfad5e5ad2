// expect: compiles
// The forms the errors below point to: this case must build.
import EffectStore

struct Parent: State {
    var ticker: Ticker?
    var rows: IdentifiedStates<Ticker> = []
    var editor: Editor?
    var title = ""
    enum Event: Sendable {
        case ticker(PresentationEvent<Ticker.Event>), row(Int, Ticker.Event), editor(PresentationEvent<Editor.Event>)
    }
    enum Work: Sendable { case ticker(Ticker.Work), row(Int, Ticker.Work) }
    typealias Effect = Planned<Work>
    static var initialState: Parent { Parent() }
    static let ticker = ChildPlace(\Parent.ticker, event: Event.ticker, work: Work.ticker)
    static let rows = ChildPlace(\Parent.rows, event: Event.row, work: Work.row)
    static let editor = ChildPlace(\Parent.editor, event: Event.editor)
    static let places: ChildPlaces<Parent> = [ticker, rows, editor]
    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .ticker(let event): return route(event, to: Self.ticker)
        case .row(let id, let event): return route((id, event), to: Self.rows)
        case .editor(let event):
            return route(event, to: Self.editor) { state, message in
                switch message {
                case .finished(let text): state.title = text
                }
                state.editor = nil
                return nil
            }
        }
    }
}
