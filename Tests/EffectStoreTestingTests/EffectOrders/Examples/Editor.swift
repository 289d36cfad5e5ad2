import EffectStore
import EffectStoreTesting

/// A text editor with a dirty flag. The bug: a save's answer clears the flag even when the text was edited again
/// while the save was on its way, so the newer edit looks saved. The fix: the answer clears it only if the text is
/// still the one saved.
struct Editor: State, Hashable {
    var fixed = false
    var text = ""
    var savedText = ""
    var isDirty = false

    enum Event: Sendable, Hashable {
        case edited(String)
        case saveTapped
        case saved(String)
    }

    enum Work: Sendable, Equatable { case save(String) }
    typealias Effect = Planned<Work>

    static var initialState: Editor { Editor() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .edited(let text):
            self.text = text
            isDirty = true
            return nil
        case .saveTapped:
            return .work(.save(text))
        case .saved(let text):
            savedText = text
            isDirty = fixed ? self.text != text : false
            return nil
        }
    }

    static func explorer(fixed: Bool) -> StateExplorer<Editor> {
        StateExplorer(initialState: Editor(fixed: fixed), events: [.edited("a"), .saveTapped, .edited("ab")])
            .invariant("a clean editor shows what was saved") { $0.isDirty || $0.text == $0.savedText }
            .answering { effect in
                guard case .work(.save(let text)) = effect else { return [] }
                return [.later(.saved(text))]
            }
    }
}

/// The test the explorer printed for the bug, pasted as printed: `explorer` is the buggy or the fixed feature's.
struct PastedEditorTest {
    let explorer: StateExplorer<Editor>

    func test_effectOrder_aCleanEditorShowsWhatWasSaved() {
        // Effect order "e0 e1 e2 a0.0" broke "a clean editor shows what was saved" (StateExplorer.exploreEffectOrders).
        // Paste it where `explorer` names that explorer: it fails while the bug is there, and passes once fixed.
        explorer.assertEffectOrder([
            .send(.edited("a")),
            .send(.saveTapped),
            .send(.edited("ab")),
            .answer(.work(.save("a")), with: .saved("a")),
        ])
    }
}
