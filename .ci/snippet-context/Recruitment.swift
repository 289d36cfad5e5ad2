// For statement snippets about the recruitment example (`uses=RecruitmentProcess`): the names they presume — a
// store, its effect handler and event source, a view, a service, a logger — made from the example's own types.
import EffectStore
import Foundation
import RecruitmentProcess

final class ProcessView: Sendable {
    func render(_ state: ProcessState) {}
}

struct Logger: Sendable {
    func debug(_ message: String) {}
}

let service = InMemoryProcessService()
let sessionStore = Store<SessionState>(initialState: .loggedIn(user: "ana"))
let effects = ProcessEffects(service: service)
let events = ProcessEvents(sessionStore: sessionStore)
let view = ProcessView()
let logger = Logger()
let ios = Process(id: "p-1", title: "iOS", company: "Acme")
