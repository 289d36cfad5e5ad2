import EffectStore
import EffectStoreShared
import Foundation

/// Speech recognition: a stream of the transcript so far, until the stream is cancelled.
public protocol SpeechRecognizer: Sendable {
    /// Starts recognising speech; each element is the whole transcript so far. Cancelling the iterating task stops
    /// recognition.
    func transcripts() -> AsyncStream<String>
}

/// The screens' effects: a recording's tick and transcription.
public struct ScreenEffects: Sendable {
    private let speech: any SpeechRecognizer

    /// The effects, transcribing with `speech`.
    ///
    /// - Parameter speech: The speech recognition.
    public init(speech: any SpeechRecognizer) {
        self.speech = speech
    }

    /// Answers a tick at once, and runs a transcription until it is cancelled.
    public func handle(_ effect: App.Screen.Effect) -> EffectAnswer<App.Screen.Event>? {
        guard case .work(let work) = effect else { return nil }  // the store carries plans out itself
        switch work {
        case .record(.work(.tick)):
            return .event(.record(.timerTicked))
        case .record(.work(.transcribe)):
            return .run { [speech] send in
                for await transcript in speech.transcripts() {
                    send(.record(.transcribed(transcript)))
                }
            }
        case .record(.work(.tell)), .record(.plan), .detail, .tell:
            return nil  // messages never reach a handler, nor do plans; the detail performs nothing
        }
    }
}

/// The app's effect handler: a screen's effects go to ``ScreenEffects`` with the screen's id. The app has no effects
/// of its own: the store saves the meetings.
///
/// - Parameter speech: The speech recognition of recordings.
/// - Returns: The handler.
public func makeMeetingsEffects(speech: any SpeechRecognizer) -> ComposedEffectHandler<App> {
    let screens = ScreenEffects(speech: speech)
    return ComposedEffectHandler(
        .rows(effect: .screen, event: { App.Event.path(.element(id: $0, $1)) }) { _, effect in screens.handle(effect) }
    )
}

/// A store of the app that has started loading the saved meetings, and the link that saves them: keep it as long as
/// the store, and flush it before a command-line tool exits.
///
/// - Parameters:
///   - storage: Where the meetings are saved: a `FileStorage`, or an `InMemoryStorage` in tests and previews.
///   - speech: The speech recognition of recordings.
///   - clock: What the recording's timer waits with; a `TestClock` in tests.
/// - Returns: The store, and the link that saves its meetings.
public func makeMeetingsStore(
    storage: any SavedValueStorage,
    speech: any SpeechRecognizer,
    clock: (any EffectClock)? = nil
) -> (store: Store<App>, saving: SavedStateLink<IdentifiedStates<Meeting>>) {
    let store = Store<App>(effectHandler: makeMeetingsEffects(speech: speech), clock: clock)
    let saving = store.save(
        \.list.meetings, as: App.meetingsKey, in: storage, delay: App.saveDelay, loaded: App.Event.loaded,
        failed: App.Event.saveFailed)
    return (store, saving)
}
