import ChildProcess
import Foundation

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
        let command = ChildProcess(executable, ["-q", "--ipa", "-v", "en-us", "--", term])
        guard let exit = try? await command.run(timeout: .seconds(timeout)), exit.succeeded
        else { return nil }
        let text = exit.outputText.split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: " ")
        return text.isEmpty ? nil : text
    }
}
