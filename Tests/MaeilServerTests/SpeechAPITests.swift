import ChildProcess
import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

@Suite("Speech API")
struct SpeechAPITests {
    /// The test command installs espeak-ng; elsewhere the engine tests say why they skip.
    static let espeak = SpeechSynthesizer.installed().first { $0.name == "espeak-ng" }

    /// RMS of a 16-bit PCM WAV's samples, 0…1 (0: silence).
    static func rms(_ wav: Data) throws -> Double {
        let bytes = [UInt8](wav)
        #expect(
            bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WAVE".utf8))
        var index = 12
        while index + 8 <= bytes.count {
            let id = String(decoding: bytes[index..<index + 4], as: UTF8.self)
            let size =
                Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]) << 16
                | Int(bytes[index + 7]) << 24
            if id == "data" {
                let end = min(bytes.count, index + 8 + size)
                var sum = 0.0
                var count = 0
                var i = index + 8
                while i + 1 < end {
                    let sample = Double(
                        Int16(bitPattern: UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8))
                    sum += (sample / 32768) * (sample / 32768)
                    count += 1
                    i += 2
                }
                return count == 0 ? 0 : (sum / Double(count)).squareRoot()
            }
            index += 8 + size
        }
        Issue.record("no data chunk")
        return 0
    }

    /// sox's own reading of the audio's RMS amplitude (`sox FILE -n stat`); nil without sox.
    static func soxRMS(_ wav: Data) throws -> Double? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sox") else {
            #expect(ProcessInfo.processInfo.environment["CI"] == nil, "CI installs sox")
            return nil
        }
        let file = NSTemporaryDirectory() + "maeil-sox-\(UUID().uuidString).wav"
        try wav.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let text = try ChildProcess("/usr/bin/sox", [file, "-n", "stat"]).runBlocking().errorText
        let line = text.split(separator: "\n").first { $0.hasPrefix("RMS     amplitude:") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    @Test(
        "Japanese kana, Korean and English spoken: real, non-silent WAV, cached, with an ETag"
    )
    func speaks() async throws {
        guard Self.espeak != nil else {
            #expect(ProcessInfo.processInfo.environment["CI"] == nil, "CI installs espeak-ng")
            return
        }
        try await withMaeilApp { app in
            // A cache of this test's own: on PostgreSQL the tests share a data folder.
            let cache = NSTemporaryDirectory() + "maeil-speech-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: cache) }
            app.speech = SpeechService(
                engines: SpeechSynthesizer.installed(), cacheDirectory: cache)
            let api = try await API.signUp(app)
            for (text, lang) in [("がくせい", "ja"), ("학생", "ko"), ("student", "en")] {
                let escaped =
                    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let response = try await api.send(.GET, "/api/v1/tts?text=\(escaped)&lang=\(lang)")
                #expect(response.status == .ok, "\(lang): \(response.body.string)")
                #expect(response.headers.contentType?.description == "audio/wav")
                let audio = Data(buffer: response.body)
                #expect(try Self.rms(audio) > 0.01, "\(lang) is not silent")
                #expect(try Self.soxRMS(audio).map { $0 > 0.01 } ?? true, "sox hears \(lang)")
                let etag = try #require(response.headers.first(name: .eTag))
                let again = try await api.send(
                    .GET, "/api/v1/tts?text=\(escaped)&lang=\(lang)",
                    headers: ["If-None-Match": etag])
                #expect(again.status == .notModified)
            }
            let cached = try FileManager.default.contentsOfDirectory(atPath: cache)
            #expect(cached.count == 3)
            // espeak-ng reads kanji as English: without Open JTalk the API asks for kana.
            app.speech = SpeechService(engines: [try #require(Self.espeak)], cacheDirectory: cache)
            let kanji = try await api.send(.GET, "/api/v1/tts?text=%E5%AD%A6%E7%94%9F&lang=ja")
            #expect(kanji.status == .unprocessableEntity && api.errorCode(kanji) == "speech_failed")
        }
    }

    @Test("Open JTalk reads Japanese written in kanji, when it and a voice are installed")
    func openJTalk() async throws {
        guard SpeechSynthesizer.installed().contains(where: { $0.name == "open_jtalk" }) else {
            #expect(
                ProcessInfo.processInfo.environment["CI"] == nil,
                "CI installs open-jtalk and sets MAEIL_OPENJTALK_VOICE (scripts/speech-voice.sh)")
            return
        }
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let text = "学生です".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let response = try await api.send(.GET, "/api/v1/tts?text=\(text)&lang=ja")
            #expect(response.status == .ok, "\(response.body.string)")
            let audio = Data(buffer: response.body)
            #expect(try Self.rms(audio) > 0.01)
            #expect(try Self.soxRMS(audio).map { $0 > 0.01 } ?? true)
        }
    }

    @Test("bad input is a 422 and changes nothing; no token is a 401")
    func badInput() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let long = String(repeating: "a", count: 501)
            for path in [
                "/api/v1/tts?text=hello&lang=fr", "/api/v1/tts?text=hello", "/api/v1/tts?lang=en",
                "/api/v1/tts?text=\(long)&lang=en",
            ] {
                let response = try await api.send(.GET, path)
                #expect(response.status == .unprocessableEntity, "\(path.prefix(60))")
            }
            let anonymous = try await api.send(.GET, "/api/v1/tts?text=a&lang=en", token: "")
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("with no engine: 503 with a clear message")
    func noEngine() async throws {
        try await withMaeilApp { app in
            app.speech = SpeechService(engines: [], cacheDirectory: NSTemporaryDirectory())
            let api = try await API.signUp(app)
            let response = try await api.send(.GET, "/api/v1/tts?text=hello&lang=en")
            #expect(response.status == .serviceUnavailable)
            #expect(api.errorCode(response) == "speech_unavailable")
        }
    }

    @Test("an engine that fails or hangs: a clear answer within the timeout, never a 5xx")
    func failingEngines() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let cache = NSTemporaryDirectory() + "maeil-speech-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: cache) }
            for (name, executable, arguments) in [
                ("fails", "/bin/false", [String]()), ("hangs", "/bin/sleep", ["30"]),
            ] {
                let engine = SpeechSynthesizer(
                    name: name, languages: [.en], reads: { _, _ in true },
                    arguments: { _, _, _ in arguments }, executable: executable)
                app.speech = SpeechService(engines: [engine], cacheDirectory: cache, timeout: 1)
                let started = Date()
                let response = try await api.send(.GET, "/api/v1/tts?text=hello&lang=en")
                #expect(response.status == .unprocessableEntity, "\(name)")
                #expect(api.errorCode(response) == "speech_failed")
                // Well short of the hanging engine's 30 s, which only the
                // timeout can cut. Not tighter: a loaded test run has taken
                // 5 s, and a CI run 12.9 s, to start and end /bin/false.
                #expect(Date().timeIntervalSince(started) < 25, "\(name) answered in time")
            }
            #expect(!FileManager.default.fileExists(atPath: cache), "nothing cached")
        }
    }
}
