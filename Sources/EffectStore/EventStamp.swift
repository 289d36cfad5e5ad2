import Foundation

/// A fresh id and the current time, taken where an event is made, so that the transition that needs them has them —
/// and the state stays pure.
///
/// A state never asks for a `UUID()` or a `Date()`: it would not be a function of its events any more, and a test
/// could not write what it returns. An event that creates something carries the id and the time instead, stamped by
/// the view or the event source that sends it, and a test sends the values it wants:
///
/// ```swift
/// enum Event: Sendable { case endMeetingTapped(EventStamp) /* … */ }
///
/// // In the state: one transition, no round trip through an effect handler.
/// case .endMeetingTapped(let stamp):
///     let record = Meeting(id: stamp.id, date: stamp.date, transcript: transcript)
///     return .tell(.meetingEnded(record))
///
/// // In the view:
/// Button("End meeting") { model.send(.endMeetingTapped(stamper.stamp())) }
///
/// // In a test:
/// store.send(.endMeetingTapped(EventStamp(id: UUID(number: 0), date: Date(timeIntervalSince1970: 0)))) { … }
/// ```
///
/// The ``EventStamper`` that stamps is chosen where the app is put together: ``EventStamper/live`` in the app,
/// ``EventStamper/incrementing(from:step:)`` in previews and in tests of real stores.
public struct EventStamp: Hashable, Codable, Sendable {
    /// A fresh id.
    public var id: UUID
    /// The time the event was made.
    public var date: Date

    /// A stamp of `id` and `date`.
    ///
    /// - Parameters:
    ///   - id: The id.
    ///   - date: The time.
    public init(id: UUID, date: Date) {
        self.id = id
        self.date = date
    }
}

/// Makes ``EventStamp``s: fresh ids and the current time, for events that create something.
///
/// ```swift
/// let stamper = EventStamper.live                                   // UUID() and Date()
/// let preview = EventStamper.incrementing(from: Date(timeIntervalSince1970: 0))   // the same stamps every run
/// ```
///
/// Thread-safe: `stamp()` may be called from any thread; an incrementing stamper gives each stamp once, in the order
/// of the calls.
public struct EventStamper: Sendable {
    private let make: @Sendable () -> EventStamp

    /// A stamper whose ids and times come from `id` and `date`.
    ///
    /// - Parameters:
    ///   - id: Makes a fresh id; called once per stamp, on the caller's thread.
    ///   - date: Tells the time; called once per stamp, on the caller's thread.
    public init(id: @escaping @Sendable () -> UUID, date: @escaping @Sendable () -> Date) {
        make = { EventStamp(id: id(), date: date()) }
    }

    /// Random ids (`UUID()`) and the system's time (`Date()`): for the app.
    public static var live: EventStamper { EventStamper(id: { UUID() }, date: { Date() }) }

    /// Ids counting up from `00000000-0000-0000-0000-000000000000` — what EffectStoreTesting's `UUID(number: 0)`,
    /// `UUID(number: 1)`, … write — and times counting up from `start` by `step`: the same stamps in every run, for
    /// previews and tests of real stores.
    ///
    /// - Parameters:
    ///   - start: The first stamp's time.
    ///   - step: How far apart two stamps' times are; one second by default.
    public static func incrementing(from start: Date, step: TimeInterval = 1) -> EventStamper {
        let count = LockedBox<Int>.make(0)
        return EventStamper(
            make: {
                let number = count.withLock { count in
                    defer { count += 1 }
                    return count
                }
                return EventStamp(id: .numbered(number), date: start.addingTimeInterval(step * Double(number)))
            }
        )
    }

    private init(make: @escaping @Sendable () -> EventStamp) { self.make = make }

    /// A fresh stamp.
    public func stamp() -> EventStamp { make() }
}

extension UUID {
    /// The id whose last twelve hexadecimal digits are `number` (its last 48 bits): what
    /// ``EventStamper/incrementing(from:step:)`` gives, and what EffectStoreTesting's `UUID(number:)` writes in tests.
    package static func numbered(_ number: Int) -> UUID {
        let value = UInt64(truncatingIfNeeded: number) & 0xFFFF_FFFF_FFFF
        return UUID(
            uuid: (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                UInt8(truncatingIfNeeded: value >> 40), UInt8(truncatingIfNeeded: value >> 32),
                UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)
            )
        )
    }
}
