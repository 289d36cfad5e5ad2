extension EffectScheduler {
    /// The numbers of the jobs and timers in flight or set, and of the chains anything waits for, each ascending: what
    /// ``shape(number:chain:effect:)`` renumbers. `package`: EffectStoreTesting's explorer of effect orders uses it.
    package var numbersInUse: (jobsAndTimers: [UInt64], chains: [UInt64]) {
        var chains = Set(outstanding.keys)
        for job in jobs.values { if let chain = job.chain { chains.insert(chain) } }
        return (Set(jobs.keys).union(timers.keys).sorted(), chains.sorted())
    }

    /// What the scheduler holds, as text that leaves out its bookkeeping: jobs, timers and chains are written as
    /// `number`/`chain` map them, ids with their type, entries in an order that does not depend on hashing, and the
    /// next number it would take is left out. Two schedulers that hold the same work, numbered alike up to the order
    /// of the numbers, have equal shapes and behave alike. `package`: EffectStoreTesting's explorer of effect orders
    /// merges the orders that reach equal configurations with it.
    ///
    /// - Parameters:
    ///   - number: A job's or timer's number, renumbered; called with the numbers of ``numbersInUse`` only.
    ///   - chain: A chain, renumbered; called with the chains of ``numbersInUse`` only.
    ///   - effect: An effect's description.
    package func shape(number: (UInt64) -> Int, chain: (UInt64) -> Int, effect: (Effect) -> String) -> String {
        func id(_ id: EffectID) -> String { "\(type(of: id.base)):\(id)" }
        func ids(_ list: [EffectID]) -> String { list.map(id).joined(separator: ",") }
        func chained(_ value: UInt64?) -> String { value.map { "c\(chain($0))" } ?? "-" }
        func numbers(_ set: Set<UInt64>) -> String { set.map(number).sorted().map(String.init).joined(separator: ",") }
        func deferred(_ item: Deferred) -> String {
            "\(effect(item.effect)) \(chained(item.chain)) [\(ids(item.ids))] \(item.queue.map(id) ?? "-")"
        }
        var lines: [String] = []
        for (job, record) in jobs.map({ (number($0.key), $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            lines.append("job \(job) \(chained(record.chain)) [\(ids(record.ids))] \(record.queue.map(id) ?? "-")")
        }
        for (timer, record) in timers.map({ (number($0.key), $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            switch record {
            case .start(let item): lines.append("timer \(timer) starts \(deferred(item))")
            case .throttleWindow(let window): lines.append("timer \(timer) ends the window of \(id(window))")
            }
        }
        lines += members.map { "members \(id($0.key)): \(numbers($0.value))" }.sorted()
        lines += outstanding.map { "chain c\(chain($0.key)) waits for \($0.value)" }.sorted()
        lines += queues.map { name, queue in
            "queue \(id(name)): running \(numbers(queue.running)); waiting "
                + queue.waitingEffects.map(deferred).joined(separator: "; ")
        }.sorted()
        lines += throttles.map { name, throttle in
            "throttle \(id(name)): window \(number(throttle.window)), \(throttle.interval), trailing "
                + (throttle.trailing.map(deferred) ?? "-")
        }.sorted()
        return lines.joined(separator: "\n")
    }
}
