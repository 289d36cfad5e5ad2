#if canImport(Observation)
    import Dispatch
    import EffectStore
    @_spi(Adapters) import EffectStoreObservation
    import Foundation
    import Observation
    import XCTest

    /// An edit form shown in a sheet: `Identifiable`, so another `id` is another presentation.
    private struct Editor: ChildState, Identifiable, Equatable {
        var id: Int
        var title = ""

        enum Event: Equatable, Sendable { case titleChanged(String) }
        enum Work: Equatable, Sendable { case validate(String) }
        typealias Effect = Planned<Work>

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .titleChanged(let title):
                self.title = title
                return .work(.validate(title))
            }
        }
    }

    /// A note shown in a popover: not `Identifiable`, so only its presence counts.
    private struct Note: ChildState, Equatable {
        var text: String

        enum Event: Equatable, Sendable { case append(String) }

        mutating func handle(event: Event) -> Never? {
            switch event {
            case .append(let more): text += more
            }
            return nil
        }
    }

    /// A screen of the stack.
    private struct Page: ChildState, Equatable {
        var name: String
        var visits = 0

        enum Event: Equatable, Sendable { case visit }

        mutating func handle(event: Event) -> Never? {
            visits += 1
            return nil
        }
    }

    /// A parent with a sheet, a popover, a stack, an alert, a dialog and a destination, which keeps every event it
    /// receives, so a test sees exactly what the bindings sent.
    private struct Library: State, Equatable {
        var editor: Editor?
        var note: Note?
        var path = ScreenStack<Page>()
        var alert: AlertState<Action>?
        var dialog: ConfirmationDialogState<Action>?
        var destination: Destination?
        var received: [Event] = []
        var deletions = 0

        enum Action: Equatable, Sendable { case deleteAll }

        /// One destination of several, held in one optional property, each case a place of its own.
        enum Destination: ChildState, Equatable {
            case confirm(AlertState<Action>)
            case rename(Note)

            enum Event: Equatable, Sendable { case confirm(Action), rename(Note.Event) }
            /// What the confirmation tells.
            typealias Effect = PlannedEffect<Never, Action>

            static let confirm = ChildPlace(
                case: Destination.confirm, extract: { if case .confirm(let alert) = $0 { alert } else { nil } },
                event: Event.confirm)
            static let rename = ChildPlace(
                case: Destination.rename, extract: { if case .rename(let note) = $0 { note } else { nil } },
                event: Event.rename)
            static let places: ChildPlaces<Destination> = [confirm, rename]

            mutating func handle(event: Event) -> Effect? {
                switch event {
                case .confirm(let action): route(action, to: Self.confirm) { _, action in .tell(action) }
                case .rename(let event): route(event, to: Self.rename)
                }
            }
        }

        enum Event: Equatable, Sendable {
            case edit(id: Int)
            case editor(PresentationEvent<Editor.Event>)
            case showNote(String)
            case note(PresentationEvent<Note.Event>)
            case push(String)
            case path(StackEvent<Page.Event>)
            case showAlert
            case alert(PresentationEvent<Action>)
            case showDialog
            case dialog(PresentationEvent<Action>)
            case showConfirm
            case destination(PresentationEvent<Destination.Event>)
        }

        enum Work: Sendable { case editor(Editor.Work) }
        typealias Effect = Planned<Work>

        static var initialState: Library { Library() }

        static let editor = ChildPlace(\Library.editor, event: Event.editor, work: Work.editor)
        static let note = ChildPlace(\Library.note, event: Event.note)
        static let path = ChildPlace(\Library.path, event: Event.path)
        static let alert = ChildPlace(\Library.alert, event: Event.alert)
        static let dialog = ChildPlace(\Library.dialog, event: Event.dialog)
        static let destination = ChildPlace(\Library.destination, event: Event.destination)
        static let places: ChildPlaces<Library> = [editor, note, path, alert, dialog, destination]

        mutating func handle(event: Event) -> Effect? {
            received.append(event)
            return reduce(event)
        }

        private mutating func reduce(_ event: Event) -> Effect? {
            let buttons = [ButtonState(role: .destructive, "Delete all", action: Action.deleteAll), ButtonState("No")]
            switch event {
            case .edit(let id):
                editor = Editor(id: id)
                return nil
            case .editor(let event):
                return route(event, to: Self.editor)
            case .showNote(let text):
                note = Note(text: text)
                return nil
            case .note(let event):
                return route(event, to: Self.note)
            case .push(let name):
                path.push(Page(name: name))
                return nil
            case .path(let event):
                return route(event, to: Self.path)
            case .showAlert:
                alert = AlertState(title: "Delete everything?", buttons: buttons)
                return nil
            case .alert(let event):
                return route(event, to: Self.alert, messages: Self.delete)
            case .showDialog:
                dialog = ConfirmationDialogState(title: "Delete", titleVisibility: .visible, buttons: buttons)
                return nil
            case .dialog(let event):
                return route(event, to: Self.dialog, messages: Self.delete)
            case .showConfirm:
                destination = .confirm(AlertState(title: "Sure?", buttons: buttons))
                return nil
            case .destination(let event):
                return route(event, to: Self.destination) { library, action in
                    library.destination = nil
                    return Self.delete(&library, action)
                }
            }
        }

        /// What a tap on Delete all does.
        private static func delete(_ library: inout Library, _ action: Action) -> Effect? {
            switch action {
            case .deleteAll: library.deletions += 1
            }
            return nil
        }
    }

    /// The bindings' get and set, called as SwiftUI calls them, against a real store.
    ///
    /// Keep one `async` test here: corelibs XCTest (Linux) cannot list a main-actor test class whose tests are all
    /// synchronous ("Could not cast value of type … @MainActor () -> ()").
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    final class NavigationBindingsTests: XCTestCase {
        /// A new store's projection, which keeps the store alive.
        private func makeModel() -> ObservableState<Library, Library.Event> {
            ObservableState(Store<Library>(effectHandler: NoAnswers()))
        }

        /// Whether reading `read` under `withObservationTracking` is told of a change by `change`.
        private func isNotified(reading read: () -> Void, by change: () -> Void) -> Bool {
            let notified = LockedBox.make(false)
            withObservationTracking(read, onChange: { notified.withLock { $0 = true } })
            change()
            return notified.withLock { $0 }
        }

        // MARK: Sheets and covers

        func test_presentation_readsTheChildsProjection_whoseEventsReachTheParentWrapped() {
            let model = makeModel()
            let editor = model.binding(Library.editor)
            XCTAssertNil(editor.wrappedValue)

            model.send(.edit(id: 1))
            guard let projection = editor.wrappedValue else { return XCTFail("not presented") }
            XCTAssertEqual(projection.id, ObjectIdentifier(projection))
            projection.send(.titleChanged("Daily"))

            XCTAssertEqual(projection.title, "Daily", "a child's write shows at once, as any projection's")
            XCTAssertEqual(model.editor, Editor(id: 1, title: "Daily"))
            XCTAssertEqual(model.state.received, [.edit(id: 1), .editor(.presented(.titleChanged("Daily")))])
            XCTAssertTrue(editor.wrappedValue === projection, "one projection for as long as the child stays")
        }

        func test_presentation_setToNil_sendsDismissOnce() {
            let model = makeModel()
            let editor = model.binding(Library.editor)
            model.send(.edit(id: 1))

            editor.wrappedValue = nil
            editor.wrappedValue = nil  // nothing is presented any more: nothing is sent

            XCTAssertNil(model.editor)
            XCTAssertNil(editor.wrappedValue)
            XCTAssertEqual(model.state.received, [.edit(id: 1), .editor(.dismiss)])
        }

        func test_presentation_setToAProjection_isIgnored() {
            let model = makeModel()
            let editor = model.binding(Library.editor)
            model.send(.edit(id: 1))
            guard let projection = editor.wrappedValue else { return XCTFail("not presented") }

            editor.wrappedValue = projection

            XCTAssertEqual(model.state.received, [.edit(id: 1)])
        }

        func test_presentation_childWithAnotherID_getsANewProjection_andAGoneChildKeepsItsLastState() {
            let model = makeModel()
            let editor = model.binding(Library.editor)
            model.send(.edit(id: 1))
            guard let first = editor.wrappedValue else { return XCTFail("not presented") }
            first.send(.titleChanged("One"))

            model.send(.edit(id: 2))
            guard let second = editor.wrappedValue else { return XCTFail("not presented") }
            model.send(.editor(.dismiss))

            XCTAssertFalse(first === second, "a new presentation is a new sheet")
            XCTAssertEqual(first.state, Editor(id: 1, title: "One"), "what the old sheet shows as it slides away")
            XCTAssertEqual(second.state, Editor(id: 2))
            model.send(.edit(id: 2))
            XCTAssertNotNil(editor.wrappedValue)
            XCTAssertFalse(editor.wrappedValue === second, "presented again: a new presentation")
        }

        func test_presentation_aGoneChildsProjection_sendsEventsTheParentIgnores() {
            let model = makeModel()
            model.send(.edit(id: 1))
            let editor = model.binding(Library.editor)
            guard let projection = editor.wrappedValue else { return XCTFail("not presented") }
            model.send(.editor(.dismiss))

            projection.send(.titleChanged("Late"))

            XCTAssertNil(model.editor, "a late event for a dismissed child changes nothing")
            XCTAssertEqual(projection.title, "")
        }

        func test_scope_ofAChildThatIsNotIdentifiable_keepsOneProjectionWhileItIsPresent() {
            let model = makeModel()
            XCTAssertNil(model.scope(Library.note))
            model.send(.showNote("a"))
            guard let note = model.scope(Library.note) else {
                return XCTFail("not presented")
            }

            note.send(.append("b"))
            model.send(.showNote("new"))

            XCTAssertTrue(model.scope(Library.note) === note)
            XCTAssertEqual(note.text, "new")
            XCTAssertEqual(model.state.received, [.showNote("a"), .note(.presented(.append("b"))), .showNote("new")])
        }

        func test_presentation_registersPresenceNotTheChildsProperties() {
            let model = makeModel()
            let editor = model.binding(Library.editor)
            model.send(.edit(id: 1))
            guard let projection = editor.wrappedValue else { return XCTFail("not presented") }

            XCTAssertFalse(
                isNotified(reading: { _ = editor.wrappedValue }, by: { projection.send(.titleChanged("x")) }),
                "the parent's view is not re-rendered for a change inside the sheet"
            )
            XCTAssertTrue(isNotified(reading: { _ = projection.title }, by: { projection.send(.titleChanged("y")) }))
            XCTAssertTrue(isNotified(reading: { _ = editor.wrappedValue }, by: { model.send(.edit(id: 2)) }))
            XCTAssertTrue(isNotified(reading: { _ = editor.wrappedValue }, by: { editor.wrappedValue = nil }))
        }

        // MARK: Alerts and dialogs

        func test_alert_buttonWithAnAction_sendsIt_andTheClosingWriteSendsNothing() {
            let model = makeModel()
            let alert = model.binding(Library.alert)
            XCTAssertNil(alert.wrappedValue)
            model.send(.showAlert)
            guard let shown = alert.wrappedValue, let delete = shown.buttons.first?.action else {
                return XCTFail("not presented")
            }

            shown.send(delete)  // the tap
            alert.wrappedValue = nil  // SwiftUI closes the alert

            XCTAssertEqual(model.state.received, [.showAlert, .alert(.presented(.deleteAll))])
            XCTAssertEqual(model.deletions, 1)
            XCTAssertNil(alert.wrappedValue)
        }

        func test_alert_buttonWithoutAnAction_sendsNothing_andTheClosingWriteSendsDismiss() {
            let model = makeModel()
            let alert = model.binding(Library.alert)
            model.send(.showAlert)
            guard let shown = alert.wrappedValue else { return XCTFail("not presented") }
            XCTAssertNil(shown.buttons.last?.action, "the No button has no action to send")

            alert.wrappedValue = nil

            XCTAssertEqual(model.state.received, [.showAlert, .alert(.dismiss)])
            XCTAssertNil(model.alert)
            XCTAssertEqual(model.deletions, 0)
        }

        func test_alert_setToNilWhileNothingIsPresented_sendsNothing() {
            let model = makeModel()
            let alert = model.binding(Library.alert)

            alert.wrappedValue = nil

            XCTAssertNil(alert.wrappedValue)
            XCTAssertEqual(model.state.received, [])
        }

        func test_alert_aLateTapOnTheProjectionOfAGoneAlert_isIgnored() {
            let model = makeModel()
            model.send(.showAlert)
            guard let shown = model.scope(Library.alert) else { return XCTFail("not presented") }
            model.send(.alert(.dismiss))

            shown.send(.deleteAll)

            XCTAssertEqual(model.deletions, 0, "the alert is gone: its action means nothing now")
            XCTAssertNil(model.alert)
        }

        func test_confirmationDialog_sendsTheTappedAction_orItsDismissal() {
            let model = makeModel()
            let dialog = model.binding(Library.dialog)
            model.send(.showDialog)
            guard let shown = dialog.wrappedValue else { return XCTFail("not presented") }
            XCTAssertEqual(shown.titleVisibility, .visible)
            shown.send(.deleteAll)
            dialog.wrappedValue = nil
            model.send(.showDialog)
            dialog.wrappedValue = nil  // tapped outside

            XCTAssertEqual(
                model.state.received,
                [.showDialog, .dialog(.presented(.deleteAll)), .showDialog, .dialog(.dismiss)]
            )
            XCTAssertEqual(model.deletions, 1)
            XCTAssertNil(model.dialog)
        }

        func test_alertInADestinationEnum_isReadThroughItsCasePlace_andItsButtonsSendWrapped() {
            let model = makeModel()
            let destination = model.binding(Library.destination)
            XCTAssertTrue(isNotified(reading: { _ = destination.wrappedValue }, by: { model.send(.showConfirm) }))
            guard let confirm = destination.wrappedValue?.scope(Library.Destination.confirm) else {
                return XCTFail("not presented")
            }
            XCTAssertNil(destination.wrappedValue?.scope(Library.Destination.rename), "another case")

            confirm.send(.deleteAll)
            destination.wrappedValue = nil  // SwiftUI closes the alert

            XCTAssertEqual(model.state.received, [.showConfirm, .destination(.presented(.confirm(.deleteAll)))])
            XCTAssertNil(model.destination)
            XCTAssertEqual(model.deletions, 1)
        }

        // MARK: Navigation stacks

        func test_path_readsTheIds_andAShorterPathPopsFromTheFirstIdItLeavesOut() {
            let model = makeModel()
            let path = model.binding(Library.path)
            for name in ["a", "b", "c"] { model.send(.push(name)) }
            XCTAssertEqual(path.wrappedValue, [0, 1, 2])

            path.wrappedValue = [0]  // back twice at once
            XCTAssertEqual(path.wrappedValue, [0])
            path.wrappedValue = []  // back to the root

            XCTAssertEqual(model.state.received.suffix(2), [.path(.popFrom(id: 1)), .path(.popFrom(id: 0))])
            XCTAssertEqual(model.path, [])
        }

        func test_path_anyOtherPath_isIgnored() {
            let model = makeModel()
            let path = model.binding(Library.path)
            for name in ["a", "b"] { model.send(.push(name)) }

            path.wrappedValue = [0, 1]  // the same
            path.wrappedValue = [0, 1, 7]  // longer
            path.wrappedValue = [1]  // not a prefix
            path.wrappedValue = [1, 0]  // reordered

            XCTAssertEqual(model.state.received, [.push("a"), .push("b")])
            XCTAssertEqual(path.wrappedValue, [0, 1])
        }

        func test_path_registersTheIdsNotTheScreens() {
            let model = makeModel()
            let path = model.binding(Library.path)
            model.send(.push("a"))
            guard let screen = model.scope(screen: 0, in: Library.path) else {
                return XCTFail("not on the stack")
            }

            XCTAssertFalse(isNotified(reading: { _ = path.wrappedValue }, by: { screen.send(.visit) }))
            XCTAssertTrue(isNotified(reading: { _ = path.wrappedValue }, by: { model.send(.push("b")) }))
        }

        func test_scopeScreen_sendsItsEventsAsElementEvents_andIsNilOncePopped() {
            let model = makeModel()
            for name in ["a", "b"] { model.send(.push(name)) }
            guard let screen = model.scope(screen: 1, in: Library.path) else {
                return XCTFail("not on the stack")
            }
            XCTAssertNil(model.scope(screen: 7, in: Library.path), "an id not on the stack")

            screen.send(.visit)
            XCTAssertEqual(screen.state, Page(name: "b", visits: 1))
            XCTAssertTrue(model.scope(screen: 1, in: Library.path) === screen)
            model.binding(Library.path).wrappedValue = [0]

            XCTAssertNil(model.scope(screen: 1, in: Library.path))
            XCTAssertEqual(screen.state, Page(name: "b", visits: 1), "the popped screen's last state")
            XCTAssertEqual(
                model.state.received,
                [.push("a"), .push("b"), .path(.element(id: 1, .visit)), .path(.popFrom(id: 1))]
            )
        }

        func test_childProjection_sendFromInsideItsOnChange_endsWithTheLatestState() {
            let model = makeModel()
            model.send(.edit(id: 1))
            guard let editor = model.scope(Library.editor) else {
                return XCTFail("not presented")
            }
            // `onChange` runs while the parent hands the child its state; the child's send from there goes through
            // the parent, which is applying a state too: neither may end on the older state being applied around it.
            let calls = LockedBox.make(0)
            withObservationTracking {
                _ = editor.title
            } onChange: {
                let call = calls.withLock { count -> Int in
                    count += 1
                    return count
                }
                if call == 1 { MainActor.assumeIsolated { editor.send(.titleChanged("second")) } }
            }

            editor.send(.titleChanged("first"))

            XCTAssertEqual(editor.title, "second")
            XCTAssertEqual(model.editor?.title, "second")
        }

        func test_childProjection_showsAStateTheStoreDeliveredFromAnotherThread() async {
            let store = Store<Library>(effectHandler: NoAnswers())
            let model = ObservableState(store)
            model.send(.edit(id: 1))
            guard let editor = model.scope(Library.editor) else {
                return XCTFail("not presented")
            }
            let dispatched = expectation(description: "dispatched on another thread")

            DispatchQueue.global().async {
                store.dispatch(event: .editor(.presented(.titleChanged("From afar"))))
                dispatched.fulfill()
            }
            await fulfillment(of: [dispatched], timeout: 5)
            let deadline = Date().addingTimeInterval(5)
            while editor.title.isEmpty && Date() < deadline {
                try? await Task.sleep(nanoseconds: 1_000_000)
            }

            XCTAssertEqual(editor.title, "From afar", "handed down by the parent when the main queue applies the state")
        }

        // MARK: Lifetime

        func test_childProjection_doesNotKeepItsParentAlive() {
            weak var parent: ObservableState<Library, Library.Event>?
            let projection: ObservableState<Editor, Editor.Event>? = {
                let model = makeModel()
                parent = model
                model.send(.edit(id: 1))
                return model.scope(Library.editor)
            }()
            guard let projection else { return XCTFail("not presented") }

            XCTAssertNil(parent)
            projection.send(.titleChanged("Nobody listens"))  // goes nowhere, and does not crash
            XCTAssertEqual(projection.title, "")
        }
    }
#endif
