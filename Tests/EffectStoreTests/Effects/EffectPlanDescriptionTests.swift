import EffectStore
import Testing

/// A plan reads as it was written with the operators, in `String(describing:)`, in `debugPrint` and in what Swift
/// Testing shows for a failed `#expect(effect == …)`.
struct EffectPlanDescriptionTests {
    typealias Effect = Planner.Effect

    @Test(arguments: [
        (Effect.fetch("swift").cancellable(id: "search", cancelInFlight: true),
         #".fetch("swift").cancellable(id: "search", cancelInFlight: true)"#),
        (Effect.fetch("a").cancellable(id: Ids.request), #".fetch("a").cancellable(id: .request)"#),
        (.cancel(id: "search"), #".cancel(id: "search")"#),
        (.all(Effect.fetch("a").queued(id: 7), .ticks(count: 2)), #".all(.fetch("a").queued(id: 7), .ticks(count: 2))"#),
        (Effect.fetch("a").queued(id: 7, keepingOnlyLatest: true), #".fetch("a").queued(id: 7, keepingOnlyLatest: true)"#),
        (Effect.endless.debounced(id: "d", for: .milliseconds(300)), #".endless.debounced(id: "d", for: 300 ms)"#),
        (Effect.endless.throttled(id: "t", for: .seconds(1), latest: false),
         #".endless.throttled(id: "t", for: 1000 ms, latest: false)"#),
        (Effect.endless.delayed(by: .seconds(3)), ".endless.delayed(by: 3000 ms)"),
        (Effect.endless.delayed(by: .seconds(3), id: "toast"), #".endless.delayed(by: 3000 ms, id: "toast")"#),
        (Effect.all(.fetch("a"), .ticks(count: 1)).cancellable(id: "x"), #".all(.fetch("a"), .ticks(count: 1)).cancellable(id: "x")"#),
    ])
    func aPlan_isWrittenWithItsOperators(effect: Effect, text: String) throws {
        let plan = try #require(effect.plan)
        #expect(String(describing: plan) == text)
        #expect(String(reflecting: plan) == text)
    }

    @Test func aFailedExpectation_showsThePlanAsWritten_insideTheEffectsPlanCase() {
        let effect: Effect? = Effect.fetch("swift").cancellable(id: "search", cancelInFlight: true)

        let shown = String(describingForTest: effect)

        #expect(shown == #".plan(.fetch("swift").cancellable(id: "search", cancelInFlight: true))"#)
    }
}

private enum Ids: Hashable, Sendable { case request }
