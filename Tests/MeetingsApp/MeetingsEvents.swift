import EffectStore

/// The app's events that make something new — a meeting, an attendee, a meeting's record — each stamped where it is
/// made, as the app's views make them.
///
/// The state never asks for an id or the time: the ``EventStamp`` travels in the event (see ``MeetingRecording``).
/// Where the app is put together, it chooses the stamper — ``EventStamper/live`` in the app,
/// ``EventStamper/incrementing(from:step:)`` in previews and in tests of real stores, where every run gets the same
/// ids and dates:
///
/// ```swift
/// let store = makeMeetingsStore(storage: MeetingsFile(url: url), speech: recognizer)
/// let events = MeetingsEvents(stamper: .live)
/// store.dispatch(event: events.addMeeting())    // the add sheet: a meeting and its first attendee, with fresh ids
/// ```
///
/// A test of the state alone writes the stamps itself, and needs none of this.
public struct MeetingsEvents: Sendable {
    /// Where the stamps come from.
    public let stamper: EventStamper

    /// Events stamped by `stamper`.
    ///
    /// - Parameter stamper: Makes each event's id and date; called once per event made, on the caller's thread.
    public init(stamper: EventStamper) {
        self.stamper = stamper
    }

    /// The list's add button: opens the add sheet with a new meeting and its first attendee, whose ids the stamp
    /// gives — a stamp of two ids.
    public func addMeeting() -> App.Event {
        .list(.addTapped(stamper.stamp(ids: 2)))
    }

    /// The add sheet's "add attendee" button: an empty attendee, whose id the stamp gives.
    public func addAttendeeToNewMeeting() -> App.Event {
        .list(.addForm(.presented(.addAttendeeTapped(stamper.stamp()))))
    }

    /// The edit sheet's "add attendee" button, on the detail that is screen `screen` of the stack.
    ///
    /// - Parameter screen: The detail's id on the stack.
    public func addAttendeeToMeeting(onScreen screen: StackElementID) -> App.Event {
        .path(.element(id: screen, .detail(.destination(.presented(.edit(.addAttendeeTapped(stamper.stamp())))))))
    }

    /// The "start meeting" button of the detail that is screen `screen`: the stamp gives the id and the date of the
    /// record the meeting makes, whichever way it ends.
    ///
    /// - Parameter screen: The detail's id on the stack.
    public func startMeeting(onScreen screen: StackElementID) -> App.Event {
        .path(.element(id: screen, .detail(.startMeetingTapped(stamper.stamp()))))
    }
}
