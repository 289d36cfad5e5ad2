import RecruitmentProcess

/// `XCTest` brings `Foundation.Process` into scope; in this module, `Process` means the recruitment process.
typealias Process = RecruitmentProcess.Process
