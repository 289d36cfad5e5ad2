// For the fragments of Navigation that are members of the meetings example's `MeetingDetail`.
extension MeetingDetail {
// SNIPPET
}
