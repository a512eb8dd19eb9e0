import Foundation
import NIOPosix

/// An English term's pronunciation in IPA from espeak-ng (`espeak-ng -q --ipa`), the
/// reading auto-fill proposes: "passport" → "pˈæspoːɹt".
struct IPAReader: Sendable {
    var executable: String
    var timeout: TimeInterval = 3

    /// espeak-ng on the PATH, nil when it is not installed.
    static func installed(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> IPAReader?
    {
        InstalledProgram.path("espeak-ng", environment: environment).map {
            IPAReader(executable: $0)
        }
    }

    /// The IPA of an English term, nil for other languages or when espeak-ng fails.
    func reading(of term: String, language: String) async -> String? {
        guard language == "en", term.unicodeScalars.allSatisfy({ $0.isASCII }) else {
            return nil
        }
        let executable = executable
        let timeout = timeout
        return try? await NIOThreadPool.singleton.runIfActive { () -> String? in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-q", "--ipa", "-v", "en-us", "--", term]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            let done = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in done.signal() }
            try process.run()
            if done.wait(timeout: .now() + timeout) == .timedOut {
                process.terminate()
                return nil
            }
            let text = String(
                decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self
            ).split(whereSeparator: \.isNewline).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }.joined(separator: " ")
            return process.terminationStatus == 0 && !text.isEmpty ? text : nil
        }
    }
}
