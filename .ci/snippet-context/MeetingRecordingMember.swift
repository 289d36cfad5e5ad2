// For the fragments of Navigation that are members of the meetings example's `MeetingRecording`.
extension MeetingRecording {
// SNIPPET
}
