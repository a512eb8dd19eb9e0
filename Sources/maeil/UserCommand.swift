import ArgumentParser
import Foundation
import MaeilServer

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage accounts.",
        subcommands: [Create.self, Token.self, List.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an account.",
            discussion:
                "The password is read from --password, else from the MAEIL_PASSWORD environment variable, else from the first line of standard input."
        )

        @Argument(help: "3–32 characters of a–z, 0–9, _ . -")
        var username: String

        @Option(
            help:
                "The password (8–200 characters). Prefer standard input: command lines are visible to other users."
        )
        var password: String?

        @OptionGroup var storage: StorageOptions

        func run() async throws {
            guard
                let password = password ?? ProcessInfo.processInfo.environment["MAEIL_PASSWORD"]
                    ?? readLine(strippingNewline: true),
                !password.isEmpty
            else {
                throw CLIError(
                    "no password given (use --password, MAEIL_PASSWORD or standard input)")
            }
            let name = try await storage.withInstance {
                try await $0.createUser(username: username, password: password)
            }
            print("Created user \(name).")
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a personal access token for the API and print it.",
            discussion: "Send it as `Authorization: Bearer <token>`. It is shown only once.")

        @Argument var username: String

        @Option(help: "A name to recognise the token by in settings.")
        var name: String = "CLI"

        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let token = try await storage.withInstance {
                try await $0.createToken(username: username, name: name)
            }
            print(token)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List accounts.")
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            for name in try await storage.withInstance({ try await $0.usernames() }) { print(name) }
        }
    }
}
