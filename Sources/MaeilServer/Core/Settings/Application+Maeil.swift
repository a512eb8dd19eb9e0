import Vapor

extension Application {
    private struct SettingsKey: StorageKey { typealias Value = ServerSettings }

    /// The settings the app was configured with.
    var maeilSettings: ServerSettings {
        get { storage[SettingsKey.self] ?? ServerSettings() }
        set { storage[SettingsKey.self] = newValue }
    }
}

extension Request {
    var maeilSettings: ServerSettings { application.maeilSettings }
}
