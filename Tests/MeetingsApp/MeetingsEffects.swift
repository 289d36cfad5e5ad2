import EffectStore
import Foundation

/// Where the meetings are saved: a file, or a stand-in for one in tests.
public protocol MeetingsStorage: Sendable {
    /// The saved bytes, or `nil` when nothing was saved yet.
    func read() async throws -> Data?
    /// Replaces the saved bytes.
    func write(_ data: Data) async throws
}

/// Speech recognition: a stream of the transcript so far, until the stream is cancelled.
public protocol SpeechRecognizer: Sendable {
    /// Starts recognising speech; each element is the whole transcript so far. Cancelling the iterating task stops
    /// recognition.
    func transcripts() -> AsyncStream<String>
}

/// The app's own effects: reads and writes the meetings as JSON in a ``MeetingsStorage``.
public final class MeetingsStorageEffects: EffectHandler, Sendable {
    private let storage: any MeetingsStorage

    /// The effects, on `storage`.
    ///
    /// - Parameter storage: Where the meetings are saved.
    public init(storage: any MeetingsStorage) {
        self.storage = storage
    }

    /// Starts the read or the write; answers when it is done.
    public func handle(effect: App.Effect) -> EffectAnswer<App.Event>? {
        switch effect {
        case .load:
            return .run { [storage] send in
                do {
                    guard let data = try await storage.read() else { return send(.loaded([])) }
                    send(.loaded(try JSONDecoder().decode(IdentifiedStates<Meeting>.self, from: data)))
                } catch {
                    send(.loadFailed(Self.loadFailure(error)))
                }
            }
        case .save(let meetings):
            return .run { [storage] send in
                do {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    encoder.dateEncodingStrategy = .iso8601
                    try await storage.write(try encoder.encode(meetings))
                    send(.saved)
                } catch {
                    send(.saveFailed("The meetings could not be saved: \(error)"))
                }
            }
        case .list, .screen, .plan:
            return nil  // the screens' effects are claimed first; the store carries out plans itself
        }
    }

    /// What the view says when the saved meetings cannot be read.
    static func loadFailure(_ error: any Error) -> String {
        let reason: String
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            reason = context.debugDescription
        default:
            reason = String(describing: error)
        }
        return "The saved meetings could not be read (\(reason)). The list starts empty; the file is replaced "
            + "at the next change."
    }
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
        switch effect {
        case .record(.tick):
            return .event(.record(.timerTicked))
        case .record(.transcribe):
            return .run { [speech] send in
                for await transcript in speech.transcripts() {
                    send(.record(.transcribed(transcript)))
                }
            }
        case .record(.tell), .record(.plan), .detail, .tell, .plan:
            return nil  // messages never reach a handler, nor do plans; the detail performs nothing
        }
    }
}

/// The app's effect handler: a screen's effects go to ``ScreenEffects`` with the screen's id, the app's own —
/// loading and saving — to ``MeetingsStorageEffects``.
///
/// - Parameters:
///   - storage: Where the meetings are saved.
///   - speech: The speech recognition of recordings.
/// - Returns: The handler.
public func makeMeetingsEffects(storage: any MeetingsStorage, speech: any SpeechRecognizer)
    -> ComposedEffectHandler<App>
{
    let screens = ScreenEffects(speech: speech)
    return ComposedEffectHandler(
        .rows(effect: .screen, event: { App.Event.path(.element(id: $0, $1)) }) { _, effect in screens.handle(effect) },
        .own(MeetingsStorageEffects(storage: storage))
    )
}

/// A store of the app that has started reading the saved meetings.
///
/// - Parameters:
///   - storage: Where the meetings are saved.
///   - speech: The speech recognition of recordings.
///   - clock: What the recording's timer and the debounced save wait with; a `TestClock` in tests.
/// - Returns: The store.
public func makeMeetingsStore(
    storage: any MeetingsStorage,
    speech: any SpeechRecognizer,
    clock: (any EffectClock)? = nil
) -> Store<App> {
    let store = Store<App>(effectHandler: makeMeetingsEffects(storage: storage, speech: speech), clock: clock)
    store.dispatch(event: .load)
    return store
}

/// The meetings file on disk, written atomically.
public struct MeetingsFile: MeetingsStorage {
    /// Where the file is.
    public let url: URL

    /// The file at `url`.
    ///
    /// - Parameter url: Where the file is.
    public init(url: URL) { self.url = url }

    public func read() async throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    public func write(_ data: Data) async throws {
        try data.write(to: url, options: .atomic)
    }
}
