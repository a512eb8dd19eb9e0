import ArgumentParser
import Foundation
import MaeilServer

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage accounts.",
        subcommands: [
            Create.self, Password.self, Invite.self, Token.self, Admin.self, List.self,
        ])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an account.",
            discussion: PasswordOption.discussion)

        @Argument(help: "3–32 characters of a–z, 0–9, _ . -")
        var username: String

        @OptionGroup var password: PasswordOption
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let password = try password.value()
            let name = try await storage.withInstance {
                try await $0.createUser(username: username, password: password)
            }
            print("Created user \(name).")
        }
    }

    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set an account's password (for someone who forgot theirs).",
            discussion:
                "Their web sign-ins and API tokens end, and their failed sign-ins are forgotten. "
                + PasswordOption.discussion)

        @Argument var username: String

        @OptionGroup var password: PasswordOption
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let password = try password.value()
            try await storage.withInstance {
                try await $0.resetPassword(username: username, password: password)
            }
            print("Set the password of \(username). Their sessions and tokens have ended.")
        }
    }

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a one-time sign-up code and print it.",
            discussion:
                "For a server run with MAEIL_SIGNUP=invite: whoever has the code can make one account, at /signup?invite=CODE or with the API's signup (\"invite\")."
        )

        @Option(help: "Days the code stays valid (1–365).")
        var days: Int = 7

        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let (code, policy) = try await storage.withInstance {
                (try await $0.createInvite(days: days), $0.signupPolicy)
            }
            print(code)
            if policy != .invite {
                FileHandle.standardError.write(
                    Data(
                        "note: sign-up is \(policy.rawValue) here (MAEIL_SIGNUP); the code matters only when it is \"invite\".\n"
                            .utf8))
            }
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

    struct Admin: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make an account an administrator, or no longer one.",
            discussion:
                "Administrators can hide reviews and unpublish books in the library, and see reported reviews (GET /api/v1/reports)."
        )

        @Argument var username: String

        @Flag(help: "Take the role away instead.")
        var revoke = false

        @OptionGroup var storage: StorageOptions

        func run() async throws {
            try await storage.withInstance { try await $0.setAdmin(username: username, !revoke) }
            print(
                revoke
                    ? "\(username) is no longer an administrator."
                    : "\(username) is an administrator now.")
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

/// `--password`, for the commands that set one.
struct PasswordOption: ParsableArguments {
    static let discussion =
        "The password is read from --password, else from the MAEIL_PASSWORD environment variable, else from standard input (typed at a terminal: hidden, and asked twice)."

    @Option(
        help:
            "The password (8–200 characters). Prefer standard input: command lines are visible to other users."
    )
    var password: String?

    /// The password from `--password`, else `MAEIL_PASSWORD`, else standard
    /// input's first line; typed at a terminal, it is hidden and asked twice.
    func value() throws -> String {
        if let given = password ?? ProcessInfo.processInfo.environment["MAEIL_PASSWORD"] {
            guard !given.isEmpty else { throw CLIError("the password is empty") }
            return given
        }
        guard let typed = SecretPrompt.read("Password: "), !typed.isEmpty else {
            throw CLIError("no password given (use --password, MAEIL_PASSWORD or standard input)")
        }
        if SecretPrompt.isTyping, SecretPrompt.read("Password again: ") != typed {
            throw CLIError("the two passwords differ; nothing was changed")
        }
        return typed
    }
}
