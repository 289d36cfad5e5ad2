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
    public func perform(_ work: App.Screen.Work) -> EffectAnswer<App.Screen.Event>? {
        switch work {
        case .record(.tick):
            return .event(.record(.timerTicked))
        case .record(.transcribe):
            return .run { [speech] send in
                for await transcript in speech.transcripts() {
                    send(.record(.transcribed(transcript)))
                }
            }
        }
    }
}

/// The app's effect handler: a screen's work goes to ``ScreenEffects``, and its answer comes back to that screen. The
/// app has no work of its own: the store saves the meetings.
public final class MeetingsEffects: PlannedEffectHandler {
    private let screens: ScreenEffects

    /// The app's effects, transcribing with `speech`.
    ///
    /// - Parameter speech: The speech recognition of recordings.
    public init(speech: any SpeechRecognizer) {
        screens = ScreenEffects(speech: speech)
    }

    /// Hands a screen's work to ``ScreenEffects``.
    public func perform(_ work: App.Work) -> EffectAnswer<App.Event>? {
        switch work {
        case .screen(let id, let work): App.path.answer((id, work), by: screens.perform)
        }
    }
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
    let store = Store<App>(effectHandler: MeetingsEffects(speech: speech), clock: clock)
    let saving = store.save(
        \.list.meetings, as: App.meetingsKey, in: storage, delay: App.saveDelay, loaded: App.Event.loaded,
        failed: App.Event.saveFailed)
    return (store, saving)
}
