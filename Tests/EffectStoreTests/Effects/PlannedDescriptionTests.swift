import EffectStore
import Testing

/// A `Planned` effect reads as it was written, in `String(describing:)`, in `debugPrint` and in what Swift Testing
/// shows for a failed `#expect(effect == …)`: the work in its `.work(…)` case, plans with their operators.
struct PlannedDescriptionTests {
    /// A search box's work, for `Planned` effects to carry.
    enum Work: Hashable, Sendable { case search(String), saveHistory([String]), stop }
    enum SearchID: Hashable, Sendable { case request }
    typealias Effect = Planned<Work>

    @Test(arguments: [
        (Effect.work(.search("swift")), #".work(.search("swift"))"#),
        (Effect.work(.stop), ".work(.stop)"),
        (Effect.work(.search("swift")).cancellable(id: SearchID.request, cancelInFlight: true),
         #".work(.search("swift")).cancellable(id: .request, cancelInFlight: true)"#),
        (.all(.work(.stop), Effect.work(.saveHistory(["a"])).queued(id: "save")),
         #".all(.work(.stop), .work(.saveHistory(["a"])).queued(id: "save"))"#),
        (Effect.work(.stop).delayed(by: .seconds(3), id: "toast"), #".work(.stop).delayed(by: 3000 ms, id: "toast")"#),
        (.cancel(id: "search"), #".cancel(id: "search")"#),
    ])
    func anEffect_isWrittenAsItIsMade(effect: Effect, text: String) {
        #expect(String(describing: effect) == text)
        #expect(String(reflecting: effect) == text)
    }

    @Test func aFailedExpectation_showsTheEffectAsWritten() {
        let effect: Effect? = Effect.work(.search("swift")).debounced(id: "search", for: .milliseconds(300))

        let shown = String(describingForTest: effect)

        #expect(shown == #".work(.search("swift")).debounced(id: "search", for: 300 ms)"#)
    }

    @Test func aPlannedEffect_isHashable_byWhatItSays() {
        let effects: Set<Effect> = [.work(.stop), .work(.stop), Effect.work(.stop).delayed(by: .seconds(1))]
        #expect(effects.count == 2)
    }
}

/// A child with messages: its effect type is a `PlannedEffect` of its work and its messages.
private struct Editor: ChildState, Hashable {
    var title = ""

    enum Event: Hashable, Sendable { case titleChanged(String), doneTapped }
    enum Message: Hashable, Sendable { case done(title: String) }
    enum Work: Hashable, Sendable { case save(String) }
    typealias Effect = PlannedEffect<Work, Message>

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .titleChanged(let title):
            self.title = title
            return Effect.work(.save(title)).debounced(id: "save", for: .seconds(1))
        case .doneTapped:
            return .all(.tell(.done(title: title)), .work(.save(title)))
        }
    }
}

/// A parent that keeps the titles its editor tells it.
private struct Notebook: State, Hashable {
    var editor = Editor()
    var titles: [String] = []

    enum Event: Hashable, Sendable { case editor(Editor.Event) }
    enum Work: Hashable, Sendable { case editor(Editor.Work) }
    typealias Effect = Planned<Work>

    static var initialState: Notebook { Notebook() }

    static let editor = ChildPlace(\Notebook.editor, event: Event.editor, work: Work.editor)
    static let places: ChildPlaces<Notebook> = [editor]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .editor(let event):
            return route(event, to: Self.editor) { notebook, message in
                guard case .done(let title) = message else { return nil }
                notebook.titles.append(title)
                return nil
            }
        }
    }
}

/// A `PlannedEffect` child tells its parent messages with its `.tell` case.
struct PlannedMessagesTests {
    @Test func aPlannedChildsMessage_reachesItsParent_andItsOtherWorkStays() {
        var notebook = Notebook()
        _ = notebook.transition(on: .editor(.titleChanged("Groceries")))

        let effect = notebook.transition(on: .editor(.doneTapped))

        #expect(notebook.titles == ["Groceries"])
        #expect(effect == .work(.editor(.save("Groceries"))))
        #expect(effect == Notebook.editor.lift(.work(.save("Groceries"))))
    }

    @Test func aPlannedChild_tellsWithItsTellCase_whichIsNeitherWorkNorAPlan() {
        let told = Editor.Effect.tell(.done(title: "a"))
        #expect(told.message == .done(title: "a"))
        #expect(told.work == nil)
        #expect(told.plan == nil)
        #expect(Editor.Effect.work(.save("a")).message == nil)
        #expect(Editor.Effect.work(.save("a")).delayed(by: .seconds(1)).message == nil)
    }

    @Test func aMessage_isWrittenAsItIsMade() {
        let effect = Editor.Effect.all(.tell(.done(title: "a")), .work(.save("a")))
        #expect(String(describing: effect) == #".all(.tell(.done(title: "a")), .work(.save("a")))"#)
        #expect(String(reflecting: Editor.Effect.tell(.done(title: "a"))) == #".tell(.done(title: "a"))"#)
    }
}
