import ArgumentParser
import MaeilServer

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the web app and the API.",
        discussion:
            "Migrates the database first. Stop with Ctrl-C; requests in flight finish first.")

    @Option(help: "Address to listen on (env MAEIL_HOST; default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on (env MAEIL_PORT; default 8080).")
    var port: Int?

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        var settings = storage.settings()
        if let host { settings.host = host }
        if let port { settings.port = port }
        do {
            try await MaeilServerRunner.serve(settings: settings)
        } catch {
            throw CLIError(describeError(error))
        }
    }
}
