import EffectExamples
import EffectStore
import EffectStoreTesting
import Testing

/// The settings form, data in, data out: both bound fields set by one binding event, the name checked after a pause,
/// the save cancellable, and its failure shown as an alert whose button retries. The form presents its alert at a
/// place, so each test runs `transition(on:)`, what the store runs.
struct SettingsFormTests {
    @Test func theToggle_isSetByABindingEvent_andAsksForNothing() {
        var form = SettingsForm()

        let effect = form.transition(on: .binding(.set(\.notificationsOn, true)))

        #expect(form.notificationsOn)
        #expect(effect == nil)
    }

    @Test func theTextField_setsTheName_andChecksItAfterAPause() {
        var form = SettingsForm()
        form.nameProblem = "taken"

        let effect = form.transition(on: .binding(.set(\.displayName, "Blob")))

        #expect(form.displayName == "Blob")
        #expect(form.nameProblem == nil)
        #expect(
            effect
                == SettingsForm.Effect.work(.checkName("Blob")).debounced(
                    id: SettingsForm.ID.nameCheck, for: .milliseconds(300)))
    }

    @Test func clearingTheName_cancelsTheCheck() {
        var form = SettingsForm()
        form.displayName = "B"

        #expect(form.transition(on: .binding(.set(\.displayName, ""))) == .cancel(id: SettingsForm.ID.nameCheck))
    }

    @Test func bindingEvents_areEqual_whenTheySetTheSameFieldToTheSameValue() {
        typealias Binding = BindingEvent<SettingsForm>
        #expect(Binding.set(\.displayName, "Blob") == .set(\.displayName, "Blob"))
        #expect(Binding.set(\.displayName, "Blob") != .set(\.displayName, "Blob Jr"))
        #expect(Binding.set(\.notificationsOn, true) != .set(\.notificationsOn, false))
        #expect(Binding.set(\.nameProblem, nil) != .set(\.displayName, ""))
        #expect(Binding.set(\.displayName, "Blob").value(of: \.displayName) == "Blob")
        #expect(Binding.set(\.displayName, "Blob").value(of: \.nameProblem) == nil)
        #expect(Set([Binding.set(\.displayName, "a"), .set(\.displayName, "a"), .set(\.displayName, "b")]).count == 2)
    }

    @Test func aBindingEvent_readsAsSwiftWritesIt() {
        #expect(
            String(describing: BindingEvent<SettingsForm>.set(\.displayName, "Blob"))
                == #".set(\SettingsForm.displayName, "Blob")"#)
    }

    @Test func save_isCancellable_andCancelStopsIt() {
        var form = SettingsForm()
        form.displayName = "Blob"

        #expect(
            form.transition(on: .saveTapped)
                == SettingsForm.Effect.work(.save(notificationsOn: false, displayName: "Blob"))
                .cancellable(id: SettingsForm.ID.save, cancelInFlight: true))
        #expect(form.isSaving)
        #expect(form.transition(on: .cancelSaveTapped) == .cancel(id: SettingsForm.ID.save))
        #expect(!form.isSaving)
    }

    @Test func aFailedSave_showsTheAlert_whoseButtonRetries() {
        var form = SettingsForm()
        form.displayName = "Blob"
        _ = form.transition(on: .saveTapped)

        #expect(form.transition(on: .saveFailed("offline")) == nil)
        #expect(form.alert?.message == "offline")

        // The alert performs nothing, so its going away ends nothing: the retry's save is all.
        #expect(
            form.transition(on: .alert(.presented(.retry)))
                == SettingsForm.Effect.work(.save(notificationsOn: false, displayName: "Blob"))
                .cancellable(id: SettingsForm.ID.save, cancelInFlight: true))
        #expect(form.alert == nil)
        #expect(form.isSaving)
    }
}
