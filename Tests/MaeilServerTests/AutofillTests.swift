import Foundation
import MaeilAPI
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

/// Auto-fill over the API and the web: the user's own books (never another's), the
/// course data, WordNet and espeak-ng's IPA offline, and DeepL through a fake DeepL on
/// loopback with each of its refusals.
@Suite("Auto-fill")
struct AutofillTests {
    func autofill(_ api: API, _ query: String) async throws -> AutofillResultDTO {
        let response = try await api.send(.GET, "/api/v1/autofill?\(query)")
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(AutofillResultDTO.self, response)
    }

    @Test func ownBooksAndTheCourseAnswerOfflineAndOthersBooksNever() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Travel")
            _ = try await api.addWord(book.id, "passport", "여권")
            let other = try await API.signUp(app)
            let theirs = try await other.createBook("Secrets")
            _ = try await other.addWord(theirs.id, "passport", "비밀 여권")

            let result = try await autofill(api, "term=Passport&from=en&to=ko")
            #expect(result.proposals.first?.source == "myBooks")
            #expect(result.proposals.first?.meaning == "여권")
            #expect(!result.proposals.contains { $0.meaning.contains("비밀") })
            #expect(result.problems.isEmpty, "no DeepL key: DeepL is not asked")
            if AutofillData.ipa != nil { #expect(result.reading == "pˈæspoːɹt") }
            if AutofillData.wordNet != nil {
                let definition = try #require(result.proposals.first { $0.source == "wordnet" })
                #expect(definition.meaning.isEmpty && definition.partOfSpeech == "명사")
            }
            let byBook = try await autofill(api, "term=passport&bookID=\(book.id)")
            #expect(byBook.from == "en" && byBook.to == "ko")
            #expect(byBook.proposals.first?.meaning == "여권")

            // The starter book's words and the Japanese course, in their languages.
            let apple = try await autofill(api, "term=apple")
            #expect(apple.proposals.contains { $0.source == "course" && $0.meaning == "사과" })
            let water = try await autofill(api, "term=水&from=ja&to=ko")
            #expect(water.proposals.first?.source == "course")
            #expect(water.proposals.first?.meaning == "물" && water.reading == "みず")
        }
    }

    /// EDICT (once imported) for Japanese terms: its glosses are the meaning of a book
    /// of English meanings and a hint (the note) beside Korean ones, with the reading.
    @Test func edictAnswersForJapaneseTerms() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            #expect(
                try await autofill(api, "term=寿司&from=ja&to=en").proposals.allSatisfy {
                    $0.source != "edict"
                }, "before the import: nothing from EDICT")
            try await DictionaryAPITests.load(app)
            let english = try await autofill(api, "term=寿司&from=ja&to=en")
            let sushi = try #require(english.proposals.first { $0.source == "edict" })
            #expect(sushi.meaning == "sushi" && sushi.reading == "すし")
            #expect(english.reading == "すし")
            let korean = try await autofill(api, "term=学生&from=ja&to=ko")
            let student = try #require(korean.proposals.first { $0.source == "edict" })
            #expect(student.meaning.isEmpty && student.note.contains("student"))
            #expect(korean.proposals.filter { $0.source == "edict" }.count == 2, "both readings")
        }
    }

    @Test func badQuestionsAreRefused() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            for query in [
                "term=", "from=en&to=ko", "term=\(String(repeating: "a", count: 201))",
                "term=apple&from=english!", "term=apple&to=1",
            ] {
                let response = try await api.send(.GET, "/api/v1/autofill?\(query)")
                #expect(response.status == .unprocessableEntity, "\(query)")
            }
            let other = try await API.signUp(app)
            let theirs = try await other.createBook("Theirs")
            #expect(
                try await api.send(.GET, "/api/v1/autofill?term=a&bookID=\(theirs.id)").status
                    == .notFound)
            #expect(
                try await app.testing().sendRequest(.GET, "/api/v1/autofill?term=a").status
                    == .unauthorized)
        }
    }

    @Test func deepLTranslatesOnceAndItsRefusalsLeaveTheOtherRows() async throws {
        try await withFakeDeepL { deepL in
            var settings = freshSettings()
            settings.deepLKey = "test-key:fx"
            settings.deepLURL = deepL.base + "/good"
            // Long enough for a loaded test run.
            settings.deepLTimeout = .seconds(30)
            try await withMaeilApp(settings: settings) { app in
                let api = try await API.signUp(app)
                let book = try await api.createBook("Travel")
                _ = try await api.addWord(book.id, "passport", "여권")
                let first = try await autofill(api, "term=passport")
                #expect(first.proposals.map(\.source).prefix(2) == ["myBooks", "deepl"])
                #expect(first.proposals[1].meaning == "패스포트")
                let again = try await autofill(api, "term=passport")
                #expect(again.proposals[1].meaning == "패스포트")
                #expect(deepL.requests.withLockedValue { $0 } == 1, "the second answer is cached")
                let sent = try #require(deepL.lastBody.withLockedValue { $0 })
                #expect(
                    sent.contains("\"target_lang\":\"KO\"")
                        && sent.contains("\"source_lang\":\"EN\""))
                #expect(deepL.lastKey.withLockedValue { $0 } == "DeepL-Auth-Key test-key:fx")
            }

            // Each refusal is named; the offline rows still come.
            for (scenario, code) in [
                ("forbidden", "deepl_forbidden"), ("busy", "deepl_too_many_requests"),
                ("quota", "deepl_quota_exceeded"), ("broken", "deepl_unavailable"),
                ("garbage", "deepl_unavailable"), ("slow", "deepl_timed_out"),
            ] {
                var settings = freshSettings()
                settings.deepLKey = "test-key"
                settings.deepLURL = deepL.base + "/" + scenario
                // Long enough for a loaded test run, short of the slow answer.
                settings.deepLTimeout = scenario == "slow" ? .seconds(1) : .seconds(30)
                try await withMaeilApp(settings: settings) { app in
                    let api = try await API.signUp(app)
                    let book = try await api.createBook("Travel")
                    _ = try await api.addWord(book.id, "passport", "여권")
                    let service = try await AutofillService.forUser(
                        #require(try await User.query(on: app.db).first()).requireID(),
                        db: app.db, app: app)
                    let result = try await service.propose(
                        AutofillRequest(term: "passport", from: "en", to: "ko"))
                    #expect(result.problems.map(\.code) == [code], "\(scenario)")
                    #expect(result.proposals.first?.meaning == "여권", "\(scenario)")
                    #expect(!result.proposals.contains { $0.source == .deepl })
                }
            }
        }
        #expect(DeepLTranslator.host(forKey: "abc:fx") == "https://api-free.deepl.com")
        #expect(DeepLTranslator.host(forKey: "abc") == "https://api.deepl.com")
    }

    /// An account's own key goes to DeepL instead of the server's; it is never shown,
    /// a bad one is refused with nothing changed, and "" removes it.
    @Test func anAccountsOwnDeepLKeyComesFirst() async throws {
        try await withFakeDeepL { deepL in
            var settings = freshSettings()
            settings.deepLKey = "server-key"
            settings.deepLURL = deepL.base + "/good"
            // Long enough for a loaded test run.
            settings.deepLTimeout = .seconds(30)
            try await withMaeilApp(settings: settings) { app in
                let api = try await API.signUp(app)
                let other = try await API.signUp(app)
                let bad = try await api.send(
                    .PATCH, "/api/v1/auth/me",
                    json: ProfilePatch(displayName: "민아", deeplKey: "two words"))
                #expect(bad.status == .unprocessableEntity)
                let me = try api.decode(UserDTO.self, try await api.send(.GET, "/api/v1/auth/me"))
                #expect(me.displayName == nil, "nothing changed")

                let saved = try await api.send(
                    .PATCH, "/api/v1/auth/me", json: ProfilePatch(deeplKey: " user-key:fx "))
                #expect(saved.status == .ok)
                #expect(!saved.body.string.contains("user-key"), "the key is never shown")
                _ = try await autofill(api, "term=river")
                #expect(deepL.lastKey.withLockedValue { $0 } == "DeepL-Auth-Key user-key:fx")
                _ = try await autofill(other, "term=lake")
                #expect(deepL.lastKey.withLockedValue { $0 } == "DeepL-Auth-Key server-key")

                _ = try await api.send(.PATCH, "/api/v1/auth/me", json: ProfilePatch(deeplKey: ""))
                _ = try await autofill(api, "term=sea")
                #expect(deepL.lastKey.withLockedValue { $0 } == "DeepL-Auth-Key server-key")
            }
        }
    }

    @Test func theSettingsPageKeepsAndRemovesTheKey() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "key\(Int.random(in: 1000...99_999))")
            browser.language = "ko"
            #expect(
                try await browser.get("/settings").body.string.contains(
                    "키가 없으면 내 단어장과 오프라인 사전에서만 뜻을 제안합니다."))
            let bad = try await browser.post("/settings/deepl", [("deeplKey", "키 <b>")])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.string.contains("DeepL 키에는 영문자, 숫자, -와 :만 쓸 수 있습니다"))
            let saved = try await browser.post("/settings/deepl", [("deeplKey", "abc-123:fx")])
            #expect(saved.status == .seeOther)
            let page = try await browser.get("/settings").body.string
            #expect(page.contains("내 키가 저장되어 있습니다.") && !page.contains("abc-123"))
            _ = try await browser.post("/settings/deepl", [("deeplKey", "")])
            #expect(!(try await browser.get("/settings").body.string.contains("내 키가 저장되어")))
        }
    }

    @Test func theWebSaysDeepLsRefusalInThePagesLanguage() async throws {
        try await withFakeDeepL { deepL in
            var settings = freshSettings()
            settings.deepLKey = "test-key"
            settings.deepLURL = deepL.base + "/quota"
            // Long enough for a loaded test run.
            settings.deepLTimeout = .seconds(30)
            try await withMaeilApp(settings: settings) { app in
                var browser = try await WebBrowser.signUp(
                    app, "fill\(Int.random(in: 1000...99_999))")
                browser.language = "ko"
                let book = try await browser.createBook("여행")
                let response = try await browser.get("/autofill?term=apple&book=\(book)")
                #expect(response.status == .ok, "\(response.body.string)")
                let result = try JSONDecoder().decode(
                    AutofillResultDTO.self, from: Data(buffer: response.body))
                #expect(result.problems.map(\.message) == ["이번 달 DeepL 사용량을 모두 썼습니다."])
                #expect(result.proposals.contains { $0.meaning == "사과" })
                let page = try await browser.get("/books/\(book)")
                #expect(page.body.string.contains("data-autofill"))
                let stranger = try await WebBrowser.signUp(
                    app, "other\(Int.random(in: 1000...99_999))")
                #expect(
                    try await stranger.get("/autofill?term=apple&book=\(book)").status
                        == .notFound)
            }
        }
    }
}

// MARK: - A fake DeepL on loopback

private struct FakeDeepL: Sendable {
    let base: String
    let requests: NIOLockedValueBox<Int>
    let lastBody: NIOLockedValueBox<String?>
    let lastKey: NIOLockedValueBox<String?>
}

/// DeepL's `POST /v2/translate` with one behaviour per path prefix: a translation, or
/// 403, 429, 456, 500, a body that is not DeepL's, or an answer that never comes in time.
private func withFakeDeepL<T>(_ body: (FakeDeepL) async throws -> T) async throws -> T {
    let requests = NIOLockedValueBox(0)
    let lastBody = NIOLockedValueBox<String?>(nil)
    let lastKey = NIOLockedValueBox<String?>(nil)
    return try await withLoopbackServer { app in
        app.post(":scenario", "v2", "translate") { req async throws -> Response in
            requests.withLockedValue { $0 += 1 }
            lastBody.withLockedValue { $0 = req.body.string }
            lastKey.withLockedValue { $0 = req.headers.first(name: .authorization) }
            return try await fakeDeepLAnswer(req.parameters.get("scenario") ?? "")
        }
    } _: { base, _ in
        try await body(
            FakeDeepL(base: base, requests: requests, lastBody: lastBody, lastKey: lastKey))
    }
}

private func fakeDeepLAnswer(_ scenario: String) async throws -> Response {
    func answer(_ status: HTTPResponseStatus, _ text: String) -> Response {
        Response(
            status: status, headers: ["Content-Type": "application/json"],
            body: .init(string: text))
    }
    switch scenario {
    case "good":
        return answer(
            .ok, #"{"translations":[{"detected_source_language":"EN","text":"패스포트"}]}"#)
    case "forbidden": return answer(.forbidden, #"{"message":"Forbidden"}"#)
    case "busy": return answer(.tooManyRequests, #"{"message":"Too many requests"}"#)
    case "quota":
        return answer(HTTPResponseStatus(statusCode: 456), #"{"message":"Quota exceeded"}"#)
    case "garbage": return answer(.ok, "<html>maintenance</html>")
    case "slow":
        try await Task.sleep(for: .seconds(5))
        return answer(.ok, #"{"translations":[{"text":"늦은 답"}]}"#)
    default: return answer(.internalServerError, #"{"message":"Internal error"}"#)
    }
}
