// For the README's undo snippet: a drawing whose shapes are added by events.
import EffectStore

struct Shape: Sendable, Equatable {
    var radius: Double
}

struct Drawing: State, Equatable {
    var shapes: [Shape] = []
    enum Event: Sendable { case addShape(Shape) }
    typealias Effect = Never
    static var initialState: Drawing { Drawing() }
    mutating func handle(event: Event) -> Never? {
        if case .addShape(let shape) = event { shapes.append(shape) }
        return nil
    }
}

let store = Store<Drawing>()
let circle = Shape(radius: 1)
