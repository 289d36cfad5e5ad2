import EffectStore
import EffectStoreTesting
import RecruitmentProcess

/// The events a log-out source sends while its session store goes through `sessionEvents`.
///
/// Both log-out sources of the example — the article's hand-written `ProcessEvents` and the one-line
/// `logOutEvents(of:)` — must send the same events for the same session history; their tests run the same scenarios
/// through this helper. The session store's subscribers run inside `dispatch` (called from outside any store), so
/// everything here is synchronous.
func eventsSent<Source: EventSource>(
    by makeSource: (Store<SessionState>) -> Source,
    sessionStartingAs initialSession: SessionState,
    whileTheSessionHandles sessionEvents: [SessionState.Event]
) -> [ProcessState.Event] where Source.DispatchedEvent == ProcessState.Event {
    let sessionStore = Store<SessionState>(initialState: initialSession)
    let source = makeSource(sessionStore)
    let dispatched = Recorder<ProcessState.Event>()
    source.configureEventSource { dispatched.append($0) }
    for event in sessionEvents { sessionStore.dispatch(event: event) }
    return withExtendedLifetime(source) { dispatched.values }
}
