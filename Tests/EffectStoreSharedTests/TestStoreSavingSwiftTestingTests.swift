import EffectStore
import EffectStoreShared
import EffectStoreSharedTesting
import EffectStoreTesting
import Foundation
import Testing

// The test store's saves under Swift Testing, with the default reporter: a broken obligation records an issue at the
// line of the call that found it (captured by `recordedIssues` under `.capturingIssues`, and checked), a kept one
// records none.

@Suite("The test store's saves report to Swift Testing", .capturingIssues)
struct TestStoreSavingSwiftTestingTests {
    @Test func threeEditsInTheWindow_areOneSaveOfTheLastValue_andRecordNoIssue() {
        let storage = InMemoryStorage(seeding: Notes(items: ["seeded"]), as: notesKey)
        let store = TestStore<NotesFeature>()
        let saving = store.save(
            \.notes, as: notesKey, in: storage, delay: .seconds(1), loaded: NotesFeature.Event.loaded)
        saving.receiveLoad { $0.notes.apply(.loaded(Notes(items: ["seeded"]))) }
        for item in ["a", "b", "c"] {
            store.send(.add(item)) { $0.notes.value.items.append(item) }
        }
        saving.receiveSave(Notes(items: ["seeded", "a", "b", "c"]))
        store.finish()
        #expect(storage.writes.count == 1)
    }

    @Test func aSaveNotAsserted_recordsAnIssue_atFinish() {
        var finishLine = 0
        let issues = recordedIssues {
            let store = TestStore<NotesFeature>()
            let saving = store.save(\.notes, as: notesKey, in: InMemoryStorage(), loaded: NotesFeature.Event.loaded)
            saving.receiveLoad { $0.notes.apply(.absent) }
            store.send(.add("a")) { $0.notes.value.items.append("a") }
            finishLine = #line + 1
            store.finish()
        }
        #expect(issues.count == 1)
        #expect(issues.first?.comments.contains { $0.rawValue.contains("save not asserted") } == true)
        #expect(issues.first?.sourceLocation?.line == finishLine)
    }

    @Test func aSaveAssertedThatDidNotHappen_recordsAnIssue_atTheAssertion() {
        var assertLine = 0
        let issues = recordedIssues {
            let store = TestStore<NotesFeature>()
            let saving = store.save(\.notes, as: notesKey, in: InMemoryStorage(), loaded: NotesFeature.Event.loaded)
            saving.receiveLoad { $0.notes.apply(.absent) }
            assertLine = #line + 1
            saving.receiveSave(Notes(items: ["never saved"]))
            store.finish()
        }
        #expect(issues.count == 1)
        #expect(issues.first?.comments.contains { $0.rawValue.contains("nothing was saved") } == true)
        #expect(issues.first?.sourceLocation?.line == assertLine)
    }
}
