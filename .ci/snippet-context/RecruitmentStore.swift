// With Recruitment.swift, for snippets that use a store they did not make.
let processStore = Store<ProcessState>(effectHandler: effects)
let store = processStore
