import EffectStoreShared
import Testing

/// ``SavedState``'s phases, data in and data out.
@Suite struct SavedStateTests {
    @Test func aLoadedValue_replacesTheValue_andStartsSaving() {
        var saved = SavedState(Notes(items: ["default"]))
        #expect(saved.phase == .loading)
        saved.apply(.loaded(Notes(items: ["saved"])))
        #expect(saved == SavedStateTests.saving(Notes(items: ["saved"])))
    }

    @Test func nothingSaved_keepsTheValue_andStartsSaving() {
        var saved = SavedState(Notes(items: ["default"]))
        saved.apply(.absent)
        #expect(saved == SavedStateTests.saving(Notes(items: ["default"])))
    }

    @Test func aMigratedValue_isTakenAsALoadedOne() {
        var saved = SavedState(Notes(items: []))
        saved.apply(.migrated(Notes(items: ["old"]), fromVersion: 1))
        #expect(saved == SavedStateTests.saving(Notes(items: ["old"])))
    }

    @Test func aFailedLoad_keepsTheValue_untilTheStateStartsFresh() {
        let error = SavedValueError(key: "notes", reason: .unreadable, detail: "bad", copyKeptAt: "aside")
        var saved = SavedState(Notes(items: ["default"]))
        saved.apply(.failed(error))
        #expect(saved.phase == .unreadable(error))
        #expect(saved.value == Notes(items: ["default"]))
        saved.startFresh()
        #expect(saved.phase == .saving)
    }

    static func saving(_ value: Notes) -> SavedState<Notes> {
        var state = SavedState(value)
        state.apply(.absent)
        return state
    }
}
