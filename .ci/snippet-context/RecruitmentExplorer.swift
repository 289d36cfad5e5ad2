// For the explorer snippet of the EffectStoreTesting article: the events to send the recruitment example's state.
import EffectStore
import RecruitmentProcess

let events: [ProcessState.Event] = [
    .fetchProcesses, .load(processes: Process.examples), .failed(reason: "offline"), .userDidLogOut,
]
