import EffectStore

/// The server side of the settings screen.
public protocol SettingsService: Sendable {
    /// What is wrong with `name` (taken, say), or `nil` when it is fine.
    func problem(withName name: String) async -> String?
    /// Saves the settings; throws when the server refuses them or cannot be reached.
    func save(notificationsOn: Bool, displayName: String) async throws
}

/// Performs ``SettingsForm``'s effects with a ``SettingsService``.
public final class SettingsEffects: PlannedEffectHandler, Sendable {
    let service: any SettingsService

    public init(service: any SettingsService) { self.service = service }

    public func perform(_ work: SettingsForm.Work) -> EffectAnswer<SettingsForm.Event>? {
        switch work {
        case .checkName(let name):
            return .future(Future { [service] in .nameChecked(problem: await service.problem(withName: name)) })
        case .save(let notificationsOn, let displayName):
            return .run(
                catching: { [service] in
                    try await service.save(notificationsOn: notificationsOn, displayName: displayName)
                    return .saved
                },
                mapError: { .saveFailed(String(describing: $0)) })
        }
    }
}
