import EffectExamples
import EffectStore
import EffectStoreTesting
import Testing

/// The settings form, data in, data out: both bound fields set by one binding event, the name checked after a pause,
/// the save cancellable, and its failure shown as an alert whose button retries.
struct SettingsFormTests {
    @Test func theToggle_isSetByABindingEvent_andAsksForNothing() {
        var form = SettingsForm()

        let effect = form.handle(event: .binding(.set(\.notificationsOn, true)))

        #expect(form.notificationsOn)
        #expect(effect == nil)
    }

    @Test func theTextField_setsTheName_andChecksItAfterAPause() {
        var form = SettingsForm()
        form.nameProblem = "taken"

        let effect = form.handle(event: .binding(.set(\.displayName, "Blob")))

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

        #expect(form.handle(event: .binding(.set(\.displayName, ""))) == .cancel(id: SettingsForm.ID.nameCheck))
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
            form.handle(event: .saveTapped)
                == SettingsForm.Effect.work(.save(notificationsOn: false, displayName: "Blob"))
                .cancellable(id: SettingsForm.ID.save, cancelInFlight: true))
        #expect(form.isSaving)
        #expect(form.handle(event: .cancelSaveTapped) == .cancel(id: SettingsForm.ID.save))
        #expect(!form.isSaving)
    }

    @Test func aFailedSave_showsTheAlert_whoseButtonRetries() {
        var form = SettingsForm()
        form.displayName = "Blob"
        _ = form.handle(event: .saveTapped)

        #expect(form.handle(event: .saveFailed("offline")) == nil)
        #expect(form.alert?.message == "offline")

        #expect(
            form.handle(event: .alert(.presented(.retry)))
                == SettingsForm.Effect.work(.save(notificationsOn: false, displayName: "Blob"))
                .cancellable(id: SettingsForm.ID.save, cancelInFlight: true))
        #expect(form.alert == nil)
        #expect(form.isSaving)
    }
}
