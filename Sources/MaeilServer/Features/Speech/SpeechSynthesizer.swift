import ChildProcess
import Foundation
import Kana

/// The languages the speak buttons use.
enum SpeechLanguage: String, CaseIterable, Sendable {
    case ko, en, ja
}

/// A text-to-speech engine installed on this machine, run as a command that writes a
/// WAV file.
struct SpeechSynthesizer: Sendable {
    /// "espeak-ng", "open_jtalk".
    var name: String
    var languages: Set<SpeechLanguage>
    /// Whether it can read this text (espeak-ng reads kanji as "Chinese letter").
    var reads: @Sendable (String, SpeechLanguage) -> Bool
    /// The command's arguments for text in a language, writing to a WAV path.
    var arguments: @Sendable (String, SpeechLanguage, String) -> [String]
    var executable: String

    enum Failure: Error {
        case failed(String)
        case timedOut
    }

    /// The audio, or `Failure` when the command fails or outlasts `timeout` (it is killed).
    func synthesize(_ text: String, _ language: SpeechLanguage, timeout: TimeInterval)
        async throws -> Data
    {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("maeil-speech-\(UUID().uuidString).wav")
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(atPath: output.path + ".txt")
        }
        let exit: ChildProcess.Exit
        do {
            exit = try await ChildProcess(executable, arguments(text, language, output.path))
                .run(timeout: .seconds(timeout))
        } catch ChildProcess.Failure.timedOut {
            throw Failure.timedOut
        } catch {
            throw Failure.failed(String(describing: error))
        }
        guard exit.succeeded, let audio = try? Data(contentsOf: output), audio.count > 44 else {
            throw Failure.failed(exit.errorText.isEmpty ? "exit \(exit.status)" : exit.errorText)
        }
        return audio
    }

    /// espeak-ng (Debian `espeak-ng`): Korean, English, and Japanese written in kana.
    static func espeak(at executable: String) -> SpeechSynthesizer {
        SpeechSynthesizer(
            name: "espeak-ng", languages: [.ko, .en, .ja],
            reads: { text, language in
                language != .ja || !text.unicodeScalars.contains(where: Kana.isKanji)
            },
            arguments: { text, language, output in
                ["-v", language == .en ? "en-us" : language.rawValue, "-w", output, "--", text]
            }, executable: executable)
    }

    /// Open JTalk (Debian `open-jtalk`, `open-jtalk-mecab-naist-jdic`) with an HTS voice:
    /// Japanese, kanji included.
    static func openJTalk(at executable: String, dictionary: String, voice: String)
        -> SpeechSynthesizer
    {
        SpeechSynthesizer(
            name: "open_jtalk", languages: [.ja], reads: { _, _ in true },
            arguments: { text, _, output in
                // open_jtalk reads the text from a file; a here-file next to the output.
                let input = output + ".txt"
                try? Data(text.utf8).write(to: URL(fileURLWithPath: input))
                return ["-x", dictionary, "-m", voice, "-ow", output, input]
            }, executable: executable)
    }

    /// The engines installed here, best first for each language: Open JTalk for
    /// Japanese when it and a voice (`MAEIL_OPENJTALK_VOICE`) are there, then espeak-ng.
    /// `MAEIL_SPEECH=off` turns server speech off.
    static func installed(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> [SpeechSynthesizer]
    {
        if environment["MAEIL_SPEECH"] == "off" { return [] }
        func find(_ name: String) -> String? {
            InstalledProgram.path(name, environment: environment)
        }
        var engines: [SpeechSynthesizer] = []
        let dictionary = "/var/lib/mecab/dic/open-jtalk/naist-jdic"
        if let path = find("open_jtalk"), let voice = environment["MAEIL_OPENJTALK_VOICE"],
            FileManager.default.fileExists(atPath: voice),
            FileManager.default.fileExists(atPath: dictionary)
        {
            engines.append(Self.openJTalk(at: path, dictionary: dictionary, voice: voice))
        }
        if let path = find("espeak-ng") { engines.append(Self.espeak(at: path)) }
        return engines
    }
}
