#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's settings while a secret is typed with echo off; global so
/// Ctrl-C's handler can turn echo back on before the process ends.
nonisolated(unsafe) private var echoingSettings: termios?

/// Reads a password typed at the terminal without showing it, as `passwd`
/// does: the prompt goes to standard error, the typed characters nowhere.
enum SecretPrompt {
    /// A line read with echo off, or nil at end of input. When standard input
    /// is not a terminal, its next line as it is.
    static func read(_ prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            return readLine(strippingNewline: true)
        }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ECHO)
        echoingSettings = original
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                if var settings = echoingSettings {
                    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
                }
                _ = write(STDERR_FILENO, "\n", 1)
                _exit(128 + received)
            }
        }
        toStandardError(prompt)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        let line = readLine(strippingNewline: true)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { signal(signalNumber, SIG_DFL) }
        echoingSettings = nil
        toStandardError("\n")
        return line
    }

    private static func toStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
    }

    /// Whether a person is typing (so a new password is asked twice).
    static var isTyping: Bool { isatty(STDIN_FILENO) == 1 }
}
