// For the README's explorer snippet: the events to send the recruitment example's state.
import EffectStore
import RecruitmentProcess

let events: [ProcessState.Event] = [
    .fetchProcesses, .load(processes: Process.examples), .failed(reason: "offline"), .userDidLogOut,
]
