// expect: 'route(_:to:)' is unavailable: this child tells its parent messages: route it with route(_:to:messages:)
// Issue 52, case 4: a child whose effects tell messages, routed without a place for them.
import EffectStore

struct Parent: State {
    var editor: Editor?
    enum Event: Sendable { case editor(PresentationEvent<Editor.Event>) }
    typealias Effect = Planned<Never>
    static var initialState: Parent { Parent() }
    static let editor = ChildPlace(\Parent.editor, event: Event.editor)
    static let places: ChildPlaces<Parent> = [editor]
    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .editor(let event): return route(event, to: Self.editor)
        }
    }
}
