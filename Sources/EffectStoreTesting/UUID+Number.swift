import EffectStore
import Foundation

extension UUID {
    /// The id whose last twelve hexadecimal digits are `number`: `UUID(number: 1)` is
    /// `00000000-0000-0000-0000-000000000001`. For tests and previews, where ids must be known in advance — the ids an
    /// ``/EffectStore/EventStamper/incrementing(from:step:)`` stamper gives, from `UUID(number: 0)` up.
    ///
    /// ```swift
    /// store.send(.addTapped(EventStamp(id: UUID(number: 1), date: Date(timeIntervalSince1970: 0)))) {
    ///     $0.addForm = MeetingForm(meeting: Meeting(id: UUID(number: 1)))
    /// }
    /// ```
    ///
    /// The label keeps it apart from other libraries' unlabelled `UUID(_:)` (swift-dependencies has one), so a test
    /// target may import both.
    ///
    /// - Parameter number: The number, from `0`; only its last 48 bits are used.
    public init(number: Int) {
        self = .numbered(number)
    }
}
