// Views that use every adapter of EffectStoreSwiftUI as its documentation shows, compiled by `.ci/check-swiftui`
// against the stand-in SwiftUI: the adapters' generic signatures must infer at an ordinary call site (key path
// literals, enum cases as the `event:` functions, trailing closures), not only compile on their own.
import EffectStore
import EffectStoreSwiftUI
import SwiftUI

struct EditForm: ChildState, Identifiable, Equatable {
    var id: Int
    var title = ""

    enum Event: Sendable { case titleChanged(String) }
    typealias Effect = Never

    mutating func handle(event: Event) -> Never? {
        switch event {
        case .titleChanged(let title): self.title = title
        }
        return nil
    }
}

struct Detail: State, Equatable {
    var editor: EditForm?
    var alert: AlertState<Action>?
    var dialog: ConfirmationDialogState<Action>?

    enum Action: Equatable, Sendable { case delete }

    enum Event: Sendable {
        case editor(PresentationEvent<EditForm.Event>)
        case alert(PresentationEvent<Action>)
        case dialog(PresentationEvent<Action>)
    }
    typealias Effect = Never

    static var initialState: Detail { Detail() }

    static let editor = ChildPlace(\Detail.editor, event: Event.editor)
    static let alert = ChildPlace(\Detail.alert, event: Event.alert)
    static let dialog = ChildPlace(\Detail.dialog, event: Event.dialog)
    static let places: ChildPlaces<Detail> = [editor, alert, dialog]

    mutating func handle(event: Event) -> Never? { nil }
}

struct App: State, Equatable {
    var path = ScreenStack<Screen>()

    enum Screen: ChildState, Equatable {
        case detail(Detail)
        case note(String)

        typealias Effect = Never
        mutating func handle(event: Detail.Event) -> Never? { nil }
    }

    enum Event: Sendable { case path(StackEvent<Detail.Event>) }
    typealias Effect = Never

    static var initialState: App { App() }

    static let path = ChildPlace(\App.path, event: Event.path)
    static let places: ChildPlaces<App> = [path]

    mutating func handle(event: Event) -> Never? { nil }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct EditFormView: View {
    let model: ObservableState<EditForm, EditForm.Event>

    var body: some View {
        Text(model.title)
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct DetailView: View {
    let model: ObservableState<Detail, Detail.Event>

    var body: some View {
        Text("Detail")
            .sheet(item: model.binding(Detail.editor)) { editor in
                EditFormView(model: editor)
            }
            .alert(item: model.binding(Detail.alert))
            .confirmationDialog(item: model.binding(Detail.dialog))
    }
}

#if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) || EFFECTSTORE_SWIFTUI_STANDIN
@available(iOS 17, tvOS 17, watchOS 10, *)
@available(macOS, unavailable)
struct CoverView: View {
    let model: ObservableState<Detail, Detail.Event>

    var body: some View {
        Text("Cover")
            .fullScreenCover(item: model.binding(Detail.editor)) { editor in
                EditFormView(model: editor)
            }
    }
}
#endif

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct AppView: View {
    let model: ObservableState<App, App.Event>

    var body: some View {
        NavigationStack(path: model.binding(App.path)) {
            Text("Meetings")
                .navigationDestination(for: App.path, in: model) { screen in
                    switch screen.state {
                    case .detail: Text("Detail")
                    case .note(let text): Text(text)
                    }
                }
        }
    }
}

struct Todo: ChildState, Identifiable, Equatable {
    let id: Int
    var title = ""

    enum Event: Sendable { case rename(String) }
    typealias Effect = Never

    mutating func handle(event: Event) -> Never? {
        switch event {
        case .rename(let title): self.title = title
        }
        return nil
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct TodoListView: View {
    let list: ObservableRows<Todo, Todo.Event>

    var body: some View {
        ForEach(list) { row in
            Text(row.title)
        }
    }
}
