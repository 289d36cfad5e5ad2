import EffectStore
import EffectStoreLogging
import Foundation

/// How a session file records one effect, for any effect type a store accepts: the effect as Swift writes it (plans
/// in operator syntax), what it asks the store to start — each effect with the plans around it — and what it cancels,
/// by which id; and, where every effect and id in it is `Encodable`, a form that a replay compares (``comparable``).
///
/// The comparable form is JSON: an effect that is no plan as `{"effect": …}` (its own encoding), a plan as
/// `{"all": […]}`, `{"cancellable": {"effect": …, "id": …, "cancelInFlight": …}}`, `{"cancel": id}`, and so on; an id
/// as
/// `{"type": "SearchID", "value": …}`, its value's type name and encoding, so that ids of two types never compare
/// equal. Nothing of `EffectID` or `EffectPlan` needs to be `Codable`.
package struct EffectRecord: Sendable {
    /// The effect as Swift writes it: `search("swift").cancellable(id: "search", cancelInFlight: true)`.
    package var text: String
    /// Each effect the store is asked to start, with the plans around it, innermost first:
    /// `tick` under `["delayed(by: 1 s, id: \"timer\")"]`.
    var starts: [(effect: String, under: [String])] = []
    /// Each id whose effects are cancelled: by `cancel(id:)`, or before a start with `cancelInFlight: true`.
    var cancels: [(id: String, inFlight: Bool)] = []
    /// The form a replay compares, as JSON text; `nil` when a part of the effect is not `Encodable` (see ``reason``).
    package var comparableJSON: Data?
    /// Why there is no comparable form: which part is not `Encodable`.
    package var reason: String?

    /// The form a replay compares, read as a value (so that the order of keys does not matter).
    package var comparable: JSONValue? { comparableJSON.flatMap { try? JSONValue(json: $0) } }

    /// The record of `effect`.
    package init<Effect: Sendable>(_ effect: Effect) {
        let leaf = { (value: Any) in ValueDescriber.line(value, nested: false) }
        text = Describing.plan(effect, caseDot: "", leaf: leaf)
        var walk = Walk<Effect>(planReader: planReader(for: Effect.self))
        walk.visit(effect, under: [])
        starts = walk.starts
        cancels = walk.cancels
        reason = walk.reason
        comparableJSON = walk.reason == nil ? Data(walk.json.utf8) : nil
    }

    /// A walk through an effect's plans: its starts and cancellations, and its comparable form as JSON text.
    private struct Walk<Effect: Sendable> {
        let planReader: ((Effect) -> EffectPlan<Effect>?)?
        var starts: [(effect: String, under: [String])] = []
        var cancels: [(id: String, inFlight: Bool)] = []
        var json = ""
        var reason: String?
        let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return encoder
        }()

        init(planReader: ((Effect) -> EffectPlan<Effect>?)?) {
            self.planReader = planReader
        }

        mutating func visit(_ effect: Effect, under: [String]) {
            guard let plan = planReader?(effect) else {
                starts.append((ValueDescriber.line(effect, nested: false), under.reversed()))
                json += "{\"effect\":"
                encode(effect)
                json += "}"
                return
            }
            switch plan {
            case .all(let effects):
                json += "{\"all\":["
                for (index, inner) in effects.enumerated() {
                    if index > 0 { json += "," }
                    visit(inner, under: under)
                }
                json += "]}"
            case .cancellable(let inner, let id, let cancelInFlight):
                let name = self.name(id)
                if cancelInFlight { cancels.append((name, true)) }
                let wrapper = "cancellable(id: \(name)" + (cancelInFlight ? ", cancelInFlight: true)" : ")")
                open("cancellable", inner, under + [wrapper], id: id)
                json += ",\"cancelInFlight\":\(cancelInFlight)}}"
            case .cancel(let id):
                cancels.append((name(id), false))
                json += "{\"cancel\":"
                encode(id)
                json += "}"
            case .queued(let inner, let id, let keepingOnlyLatest):
                let wrapper = "queued(id: \(name(id))" + (keepingOnlyLatest ? ", keepingOnlyLatest: true)" : ")")
                open("queued", inner, under + [wrapper], id: id)
                json += ",\"keepingOnlyLatest\":\(keepingOnlyLatest)}}"
            case .debounced(let inner, let id, let interval):
                open("debounced", inner, under + ["debounced(id: \(name(id)), for: \(interval))"], id: id)
                json += ",\"interval\":\(interval.nanoseconds)}}"
            case .throttled(let inner, let id, let interval, let latest):
                let wrapper = "throttled(id: \(name(id)), for: \(interval)" + (latest ? ")" : ", latest: false)")
                open("throttled", inner, under + [wrapper], id: id)
                json += ",\"interval\":\(interval.nanoseconds),\"latest\":\(latest)}}"
            case .delayed(let inner, let id, let delay):
                let wrapper = "delayed(by: \(delay)" + (id.map { ", id: \(name($0)))" } ?? ")")
                open("delayed", inner, under + [wrapper], id: id)
                json += ",\"delay\":\(delay.nanoseconds)}}"
            }
        }

        /// `{"kind":{"effect":…,"id":…` — the caller closes it after its own fields.
        private mutating func open(_ kind: String, _ inner: Effect, _ under: [String], id: EffectID?) {
            json += "{\"\(kind)\":{\"effect\":"
            visit(inner, under: under)
            json += ",\"id\":"
            if let id { encode(id) } else { json += "null" }
        }

        private func name(_ id: EffectID) -> String { ValueDescriber.line(id.base, nested: false) }

        /// An id as `{"type":"SearchID","value":…}`: its value's type name and encoding.
        private mutating func encode(_ id: EffectID) {
            let value = id.base
            json += "{\"type\":"
            json += String(decoding: (try? encoder.encode(ValueDescriber.typeName(of: value))) ?? Data(), as: UTF8.self)
            json += ",\"value\":"
            encode(value)
            json += "}"
        }

        /// A value as its type encodes it, or `null` and the reason there is no comparable form.
        private mutating func encode(_ value: Any) {
            guard let encodable = value as? any Encodable else {
                if reason == nil {
                    reason =
                        "\(ValueDescriber.line(value, nested: false)) (of type \(ValueDescriber.typeName(of: value))) "
                        + "is not Codable"
                }
                json += "null"
                return
            }
            do {
                json += String(decoding: try encoder.encode(NestedRedaction.encodable(encodable)), as: UTF8.self)
            } catch {
                if reason == nil { reason = "\(ValueDescriber.line(value, nested: false)) failed to encode: \(error)" }
                json += "null"
            }
        }
    }

    /// Writes the record as a session file holds it:
    /// `{"text": …, "starts": [{"effect": …, "under": […]}], "cancels": [{"id": …, "inFlight": …}], "value": …}` —
    /// without `"starts"` and `"cancels"` for an effect that is no plan (it starts itself, under nothing), and without
    /// `"value"` when there is no comparable form.
    func write(to output: SessionJSONOutput) {
        output.raw("{\"text\":")
        output.string(text)
        if starts.count != 1 || !starts[0].under.isEmpty || !cancels.isEmpty {
            output.raw(",\"starts\":[")
            for (index, start) in starts.enumerated() {
                output.raw(index == 0 ? "{\"effect\":" : ",{\"effect\":")
                output.string(start.effect)
                output.raw(",\"under\":[")
                for (position, wrapper) in start.under.enumerated() {
                    if position > 0 { output.raw(",") }
                    output.string(wrapper)
                }
                output.raw("]}")
            }
            output.raw("],\"cancels\":[")
            for (index, cancel) in cancels.enumerated() {
                output.raw(index == 0 ? "{\"id\":" : ",{\"id\":")
                output.string(cancel.id)
                output.raw(cancel.inFlight ? ",\"inFlight\":true}" : ",\"inFlight\":false}")
            }
            output.raw("]")
        }
        if let comparableJSON {
            output.raw(",\"value\":")
            output.raw(comparableJSON)
        }
        output.raw("}")
    }
}
