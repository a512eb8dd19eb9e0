import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The settings the terminal had before raw mode. Global so a signal handler can
/// put them back; written only while no handler is installed.
nonisolated(unsafe) private var terminalSettingsToRestore: termios?

/// Leaves the alternate screen, shows the cursor and restores the settings.
/// Only async-signal-safe calls: it also runs inside the SIGINT/SIGTERM handler.
private func restoreTerminalSettings() {
    guard var settings = terminalSettingsToRestore else { return }
    let reset: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    _ = write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
}

/// A full-screen terminal without curses: raw mode through termios, keys read
/// byte by byte, the screen redrawn with ANSI escapes on the alternate screen.
final class Terminal: @unchecked Sendable {
    // Key reads block, so they run on their own thread, never on Swift's
    // cooperative pool (which the database driver needs meanwhile).
    private let keyQueue = DispatchQueue(label: "maeil.terminal.keys")

    /// Whether standard input and output are both a terminal.
    static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Switches to raw mode and the alternate screen. The terminal is put back by
    /// `restore()`, and by SIGINT, SIGTERM or SIGHUP sent from outside.
    init() throws {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw StudyError("cannot read the terminal settings")
        }
        var raw = original
        // As cfmakeraw, but ISIG off too: Ctrl-C arrives as a key, so quitting is orderly.
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        terminalSettingsToRestore = original
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                restoreTerminalSettings()
                _exit(128 + received)
            }
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] { signal(signalNumber, SIG_DFL) }
            terminalSettingsToRestore = nil
            throw StudyError("cannot switch the terminal to raw mode")
        }
        send("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    func restore() {
        // Handlers first, so none can run with the settings half put back.
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { signal(signalNumber, SIG_DFL) }
        restoreTerminalSettings()
        terminalSettingsToRestore = nil
    }

    /// Columns and rows (80×24 when the terminal does not say).
    var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0,
            window.ws_row > 0
        else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// The next key press.
    func readKey() async -> Key {
        await withCheckedContinuation { continuation in
            keyQueue.async {
                continuation.resume(returning: KeyDecoder(readByte: Terminal.readByte).next())
            }
        }
    }

    /// Replaces the screen with `lines`, each cut to the width, as many as fit.
    func draw(_ lines: [String]) {
        let (columns, rows) = size
        var output = "\u{1B}[H"
        for (index, line) in lines.prefix(rows).enumerated() {
            if index > 0 { output += "\r\n" }
            output += ScreenText.fit(line, width: columns) + "\u{1B}[K"
        }
        output += "\u{1B}[J"
        send(output)
    }

    private func send(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(
                    STDOUT_FILENO, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// One byte of standard input; with a timeout, nil when none came in time.
    /// Without one, nil means end of input.
    private static func readByte(timeout: Double?) -> UInt8? {
        if let timeout {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return nil }
        }
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }
}
