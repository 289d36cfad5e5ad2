import EffectStore
import EffectStoreLogging
import Foundation

/// Session files of format 1, written before entries held what changed: every entry holds its whole state, as
/// `Codable` wrote it, and its effect, if any, as the effect type encodes it. The inspector converts such a file to the
/// form its page reads (format 2): the states' trees and the changes between them, made from the JSON alone, with no
/// Swift type names (`loaded(_0: [...])` for an enum case as Swift's synthesized `Codable` writes it).
enum SessionFormatOne {
    private struct Session: Decodable {
        var initialState: JSONValue
        var droppedEntryCount: Int
        var entries: [Entry]
    }

    private struct Entry: Decodable {
        var sequenceNumber: Double
        var time: Double
        var origin: String
        var event: JSONValue?
        var state: JSONValue
        var effect: JSONValue?
        var hasEffect: Bool

        private enum CodingKeys: String, CodingKey { case sequenceNumber, time, origin, event, state, effect }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sequenceNumber = try container.decode(Double.self, forKey: .sequenceNumber)
            time = try container.decode(Double.self, forKey: .time)
            origin = try container.decode(String.self, forKey: .origin)
            event = try container.decodeIfPresent(JSONValue.self, forKey: .event)
            state = try container.decode(JSONValue.self, forKey: .state)
            hasEffect = container.contains(.effect)
            effect = try container.decodeIfPresent(JSONValue.self, forKey: .effect)
        }
    }

    /// The session in `data`, of format 1, as the page reads it.
    static func convert(_ data: Data) throws -> Data {
        let session: Session
        do {
            session = try JSONDecoder().decode(Session.self, from: data)
        } catch {
            throw SessionInspector.InputError("The session of format 1 cannot be read: \(error).")
        }
        let output = SessionJSONOutput(file: nil)
        output.raw("{\"formatVersion\":2,\"convertedFrom\":1,\"stateType\":\"\",\"keyframeInterval\":1")
        output.raw(",\"droppedEntryCount\":\(session.droppedEntryCount),\"initialState\":null,\"initialView\":")
        SessionView.writeNode(session.initialState, to: output)
        output.raw(",\"entries\":[")
        var previous = session.initialState
        for (index, entry) in session.entries.enumerated() {
            output.raw(index == 0 ? "\n{" : ",\n{")
            output.raw("\"sequenceNumber\":\(Int64(entry.sequenceNumber)),\"time\":\(entry.time),\"origin\":")
            output.string(entry.origin)
            if let event = entry.event, event != .null {
                output.raw(",\"event\":")
                output.raw(event.jsonData)
                output.raw(",\"eventText\":")
                output.string(ValueDescriber.line(event, nested: false))
            }
            output.raw(",\"changes\":")
            SessionView.writeChanges(from: previous, to: entry.state, output: output)
            output.raw(",\"view\":")
            SessionView.writeNode(entry.state, to: output)
            if entry.hasEffect {
                output.raw(",\"effect\":")
                if let effect = entry.effect, effect != .null {
                    let text = ValueDescriber.line(effect, nested: false)
                    output.raw("{\"text\":")
                    output.string(text)
                    output.raw(",\"starts\":[{\"effect\":")
                    output.string(text)
                    output.raw(",\"under\":[]}],\"cancels\":[]}")
                } else {
                    output.raw("null")
                }
            }
            output.raw("}")
            previous = entry.state
        }
        output.raw("\n]}\n")
        return output.data
    }
}
