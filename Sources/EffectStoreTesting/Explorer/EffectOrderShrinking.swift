import EffectStore

/// One choice of a schedule being shrunk: an answer names its effect by the choice that performed it and its place
/// among the effects that choice performed, so that dropping or moving another choice keeps it pointing at the same
/// effect (its name — the order effects were performed — would shift).
enum ShrinkMove: Equatable {
    case event(Int)
    case timer
    /// The `index`-th effect (from 0) that the move at `origin` performed gives outcome `outcome`.
    case answer(origin: Int, index: Int, outcome: Int)
}

/// Drops and reorders the moves of a failing schedule while it still fails: each pass keeps a change only when the
/// schedule gets shorter, or earlier in the order events < timers < older answers.
struct Shrinking<Move> {
    /// The moves without the one at an index (and whatever depended on it).
    let dropping: ([Move], Int) -> [Move]
    /// The moves with the one at an index and the next swapped, or `nil` when they cannot be.
    let swapping: ([Move], Int) -> [Move]?
    /// Where a move comes in the order a shrunk schedule prefers.
    let rank: (Move) -> [Int]

    /// - Parameters:
    ///   - moves: A failing schedule.
    ///   - failing: For a candidate, the part of it that fails (a prefix), or `nil` when it does not fail — or when
    ///     no more candidates may be tried: then shrinking ends.
    func shrink(_ moves: [Move], failing: ([Move]) -> [Move]?) -> [Move] {
        var best = moves
        var changed = true
        while changed {
            changed = false
            for index in best.indices.reversed() where index < best.count {
                if let shorter = failing(dropping(best, index)) {
                    best = shorter
                    changed = true
                }
            }
            for index in best.indices.dropLast() where index + 1 < best.count {
                guard let candidate = swapping(best, index),
                    rank(candidate[index]).lexicographicallyPrecedes(rank(best[index])),
                    let reordered = failing(candidate)
                else { continue }
                best = reordered
                changed = true
            }
        }
        return best
    }
}

extension Shrinking where Move == ScheduleChoice {
    /// Schedules shrunk as they are written, each candidate replayed elsewhere (a crash's, in a child process): an
    /// answer keeps its name, which dropping a choice that performed an effect before it shifts.
    static var byName: Shrinking {
        Shrinking(
            dropping: { moves, index in
                var moves = moves
                moves.remove(at: index)
                return moves
            },
            swapping: { moves, index in
                var moves = moves
                moves.swapAt(index, index + 1)
                return moves
            },
            rank: { move in
                switch move {
                case .event(let index): return [0, index]
                case .timer: return [1]
                case .answer(let effect, let outcome): return [2, effect, outcome]
                }
            })
    }
}

extension Shrinking where Move == ShrinkMove {
    /// Schedules shrunk with their answers pointing at the choice that performed their effect.
    static var byOrigin: Shrinking {
        Shrinking(
            dropping: { moves, index in
                // An answer to an effect the dropped move performed goes too, and so on.
                var dropped: Set<Int> = [index]
                for (position, move) in moves.enumerated() where position > index {
                    if case .answer(let origin, _, _) = move, dropped.contains(origin) { dropped.insert(position) }
                }
                var renumbered: [Int: Int] = [:]
                var kept: [ShrinkMove] = []
                for (position, move) in moves.enumerated() where !dropped.contains(position) {
                    renumbered[position] = kept.count
                    kept.append(move)
                }
                return kept.map { move in
                    guard case .answer(let origin, let effect, let outcome) = move else { return move }
                    return .answer(origin: renumbered[origin] ?? origin, index: effect, outcome: outcome)
                }
            },
            swapping: { moves, index in
                if case .answer(let origin, _, _) = moves[index + 1], origin == index { return nil }
                var moves = moves
                moves.swapAt(index, index + 1)
                return moves.map { move in
                    guard case .answer(let origin, let effect, let outcome) = move else { return move }
                    let swapped = origin == index ? index + 1 : origin == index + 1 ? index : origin
                    return .answer(origin: swapped, index: effect, outcome: outcome)
                }
            },
            rank: { move in
                switch move {
                case .event(let index): return [0, index]
                case .timer: return [1]
                case .answer(let origin, let effect, let outcome): return [2, origin, effect, outcome]
                }
            })
    }
}

extension OrderSearch {
    /// Drops and reorders choices while the schedule still fails the same check, replaying each candidate here (at
    /// most 2,000 replays); then, for a schedule a random or priority walk found, searches breadth first for a
    /// shorter one that fails the same check, so that the schedule reported is a shortest one under every strategy
    /// (unless the time or schedule limit stops that search).
    func shrink(_ choices: [ScheduleChoice], fromWalk: Bool) -> [ScheduleChoice] {
        guard let check = machine.replay(choices).run.failedCheck, let moves = moves(of: choices) else {
            return choices
        }
        var attempts = 0
        func shrunk(_ moves: [ShrinkMove]) -> [ShrinkMove] {
            Shrinking.byOrigin.shrink(moves) { candidate in
                attempts += 1
                guard attempts <= 2_000, let failing = failingPrefix(of: candidate, check: check) else { return nil }
                return Array(candidate.prefix(failing.count))
            }
        }
        var best = shrunk(moves)
        if fromWalk, best.count > 1, let shorter = shortest(failing: check, below: best.count),
            let shorterMoves = self.moves(of: shorter)
        {
            best = shrunk(shorterMoves)
        }
        return failingPrefix(of: best, check: check) ?? choices
    }

    /// The moves of `choices`, or `nil` when they do not replay.
    func moves(of choices: [ScheduleChoice]) -> [ShrinkMove]? {
        var replay = OrderReplay(machine)
        var performed: [Range<Int>] = []
        var moves: [ShrinkMove] = []
        for choice in choices {
            switch choice {
            case .event(let index): moves.append(.event(index))
            case .timer: moves.append(.timer)
            case .answer(let name, let outcome):
                guard let origin = performed.firstIndex(where: { $0.contains(name) }) else { return nil }
                moves.append(.answer(origin: origin, index: name - performed[origin].lowerBound, outcome: outcome))
            }
            let before = replay.world.performed
            guard replay.take(choice) else { return nil }
            performed.append(before..<replay.world.performed)
        }
        return moves
    }

    /// The choices `moves` replay as, up to where they fail `check`; `nil` when they do not replay or do not fail it.
    func failingPrefix(of moves: [ShrinkMove], check: String) -> [ScheduleChoice]? {
        var replay = OrderReplay(machine)
        var performed: [Range<Int>] = []
        var choices: [ScheduleChoice] = []
        for move in moves where replay.failure == nil {
            let choice: ScheduleChoice
            switch move {
            case .event(let index): choice = .event(index)
            case .timer: choice = .timer
            case .answer(let origin, let index, let outcome):
                guard origin < performed.count, index < performed[origin].count else { return nil }
                choice = .answer(effect: performed[origin].lowerBound + index, outcome: outcome)
            }
            let before = replay.world.performed
            guard replay.take(choice) else { return nil }
            performed.append(before..<replay.world.performed)
            choices.append(choice)
        }
        replay.checkEnd()
        return replay.failure?.check == check ? choices : nil
    }

    /// A shortest schedule of fewer than `count` choices that fails `check`, searched breadth first within the
    /// exploration's bounds and what is left of its time; `nil` when there is none, or the search was cut short.
    func shortest(failing check: String, below count: Int) -> [ScheduleChoice]? {
        var bounds = machine.bounds
        bounds.depth = count - 1
        bounds.timeLimit = max(bounds.timeLimit - elapsed, 0)
        var search = OrderSearch(machine: OrderMachine(explorer: machine.explorer, bounds: bounds))
        search.target = check
        search.exhaustive()
        return search.found?.choices
    }
}
