import EffectStore
import EffectStoreLogging

/// What identifies a world for merging orders: two worlds with equal keys behave alike from here on, so the
/// exhaustive search explores only the first it reaches.
struct OrderKey<S: State & Hashable>: Hashable {
    let state: S
    let rest: String
}

extension OrderWorld {
    /// This world's key. The state is compared with `==`; the pending work by value — effects, ids, queues, timers
    /// and by how far off they are — with the scheduler's job, timer and chain numbers replaced by ranks.
    ///
    /// - Parameter orderMatters: Whether the order in which the pending effects started counts, as it does under a
    ///   bound on out-of-order deliveries (which answer is out of order depends on it): then the numbers are ranked
    ///   in the order they were taken. Otherwise the pending effects are a set: each is ranked by what it is, so two
    ///   orders that started the same effects in another order — six events sent in any order — reach one key.
    func key(orderMatters: Bool) -> OrderKey<S> {
        func effect(_ value: S.Effect) -> String { Describing.value(value, maxLength: 0) }
        let described = pending.map { "\($0.cancelled ? "sent" : "pending") \($0.described ?? effect($0.effect))" }
        let describedSilent = silent.map { "silent \($0.described ?? effect($0.effect))" }
        let inUse = scheduler.numbersInUse
        let ranks = orderMatters ? orderedRanks(inUse) : setRanks(inUse, described, describedSilent)
        func number(_ value: UInt64) -> Int { ranks.numbers[value] ?? -1 }
        func chain(_ value: UInt64) -> Int { ranks.chains[value] ?? -1 }
        var entries = zip(pending, described).map { "\(number($0.job)) \($1)" }
        entries += zip(silent, describedSilent).map { "\(number($0.job)) \($1)" }
        if !orderMatters { entries.sort() }
        var lines = [scheduler.shape(number: number, chain: chain, effect: effect)]
        lines += entries
        lines += timers.map { "due \(number($0.timer)) in \($0.due - now)" }
        lines.append("sent \(sent)")
        lines.append("unsettled " + unsettled.map(chain).sorted().map(String.init).joined(separator: ","))
        return OrderKey(state: state, rest: lines.joined(separator: "\n"))
    }

    private typealias Ranks = (numbers: [UInt64: Int], chains: [UInt64: Int])

    /// Every number ranked in the order it was taken: only the order of jobs, timers and chains counts.
    private func orderedRanks(_ inUse: (jobsAndTimers: [UInt64], chains: [UInt64])) -> Ranks {
        let numbers = Set(inUse.jobsAndTimers).union(pending.map(\.job)).union(silent.map(\.job))
            .union(timers.map(\.timer)).sorted()
        let chains = Set(inUse.chains).union(unsettled).sorted()
        return (
            Dictionary(uniqueKeysWithValues: numbers.enumerated().map { ($0.element, $0.offset) }),
            Dictionary(uniqueKeysWithValues: chains.enumerated().map { ($0.element, $0.offset) })
        )
    }

    /// The jobs ranked by what they are — an effect that answers at once first, in its order, as the oldest of those
    /// answers first; the others by their description — then the timers by when they fall due (in the order set when
    /// two fall due together, as they fire), then whatever is left by number. Chains are ranked in the order the
    /// ranked jobs name them. Two jobs alike keep their order: equal keys still mean worlds alike, only fewer merge.
    private func setRanks(
        _ inUse: (jobsAndTimers: [UInt64], chains: [UInt64]), _ described: [String], _ describedSilent: [String]
    ) -> Ranks {
        var jobs = pending.indices.map { (first: pending[$0].answersAtOnce ? $0 : Int.max, text: described[$0],
                                          job: pending[$0].job, order: $0) }
        jobs += silent.indices.map { (first: Int.max, text: describedSilent[$0], job: silent[$0].job,
                                      order: pending.count + $0) }
        jobs.sort { ($0.first, $0.text, $0.order) < ($1.first, $1.text, $1.order) }
        var numbers: [UInt64: Int] = [:]
        var chains: [UInt64: Int] = [:]
        func rank(_ number: UInt64) { if numbers[number] == nil { numbers[number] = numbers.count } }
        func rankChain(_ chain: UInt64) { if chains[chain] == nil { chains[chain] = chains.count } }
        for entry in jobs {
            rank(entry.job)
            if let chain = scheduler.liveChain(of: entry.job) ?? nil { rankChain(chain) }
        }
        for index in timers.indices.sorted(by: { (timers[$0].due, $0) < (timers[$1].due, $1) }) {
            rank(timers[index].timer)
        }
        inUse.jobsAndTimers.forEach(rank)
        Set(inUse.chains).union(unsettled).sorted().forEach(rankChain)
        return (numbers, chains)
    }
}
