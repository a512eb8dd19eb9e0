import Fluent
import Foundation
import MaeilAPI
import SQLKit
import Testing
import Vapor
import VaporTesting
import VocabCore

@testable import MaeilServer

@Suite("Accounts: profile, time zone, password, deletion, sign-up policy")
struct AccountSettingsTests {
    @Test func theProfileTakesAKoreanNameALanguageAndATimeZone() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app, "jimin")
            let changed = try await api.send(
                .PATCH, "/api/v1/auth/me",
                json: ProfilePatch(displayName: "  김지민 ", language: "ko", timeZone: "Asia/Seoul"))
            #expect(changed.status == .ok, "\(changed.body.string)")
            let me = try api.decode(UserDTO.self, try await api.send(.GET, "/api/v1/auth/me"))
            #expect(me.username == "jimin")
            #expect(me.displayName == "김지민")
            #expect(me.language == "ko")
            #expect(me.timeZone == "Asia/Seoul")

            // Bad values are refused and change nothing.
            for patch in [
                ProfilePatch(timeZone: "Mars/Olympus"), ProfilePatch(language: "fr"),
                ProfilePatch(displayName: String(repeating: "가", count: 41)),
                ProfilePatch(displayName: "김\u{7}지민"),
            ] {
                let refused = try await api.send(.PATCH, "/api/v1/auth/me", json: patch)
                #expect(refused.status == .unprocessableEntity, "\(patch)")
            }
            #expect(
                try api.decode(UserDTO.self, try await api.send(.GET, "/api/v1/auth/me"))
                    .displayName
                    == "김지민")

            // Empty strings go back to the defaults.
            let cleared = try api.decode(
                UserDTO.self,
                try await api.send(
                    .PATCH, "/api/v1/auth/me",
                    json: ProfilePatch(displayName: "", language: "", timeZone: "")))
            #expect(
                cleared.displayName == nil && cleared.language == nil && cleared.timeZone == nil)
        }
    }

    @Test func theWebShowsTheDisplayNameInTheAccountsLanguage() async throws {
        try await withMaeilApp { app in
            var browser = try await WebBrowser.signUp(app, "minseo")
            let saved = try await browser.post(
                "/settings/profile",
                [("displayName", "이민서"), ("language", "ko"), ("timeZone", "Asia/Seoul")])
            #expect(saved.status == .seeOther)
            // The account's language wins over the browser's cookie.
            browser.language = "en"
            let page = try await browser.get("/settings").body.string
            #expect(page.contains("로그아웃<span class=\"hide-narrow\"> (이민서)</span>"))
            #expect(page.contains("<html lang=\"ko\">"))
            #expect(page.contains("프로필을 저장했습니다."))

            let refused = try await browser.post(
                "/settings/profile",
                [("displayName", ""), ("language", ""), ("timeZone", "Nowhere")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("id=\"profile-error\""))
            let user = try #require(
                try await User.query(on: app.db).filter(\.$username == "minseo").first())
            #expect(user.displayName == "이민서")
            #expect(user.timeZoneIdentifier == "Asia/Seoul")
        }
    }

    /// A word added at 02:42 in Seoul (17:42 UTC the day before) is filed
    /// under the Seoul day whatever the server's zone, and a new time zone
    /// files it again.
    @Test func daysFollowTheAccountsTimeZone() async throws {
        var settings = freshSettings()
        settings.timeZone = TimeZone(identifier: "UTC")!
        try await withMaeilApp(settings: settings) { app in
            let api = try await API.signUp(app, "seoul")
            let book = try await api.createBook("Night owl")
            _ = try await api.send(
                .PATCH, "/api/v1/auth/me", json: ProfilePatch(timeZone: "Asia/Seoul"))
            let instant = ISO8601DateFormatter().date(from: "2026-11-22T17:42:00Z")!
            let data = try BookArchiveCodec.encode(
                BookArchive(
                    name: "Night owl", description: "",
                    words: [WordDraft(term: "owl", meaning: "부엉이", createdAt: instant)]))
            #expect(
                try await api.send(.POST, "/api/v1/books/\(book.id)/import?format=json", raw: data)
                    .status == .ok)
            func day(_ date: String) async throws -> Int {
                try api.decode(
                    WordPageDTO.self, try await api.send(.GET, "/api/v1/calendar/\(date)")
                ).total
            }
            #expect(try await day("2026-11-23") == 1)
            #expect(try await day("2026-11-22") == 0)

            // The CLI files it the same way (its process is in UTC here).
            let cli = try await MaeilInstance.open(settings: settings)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "night-\(UUID().uuidString).json")
            try BookArchiveCodec.encode(
                BookArchive(
                    name: "Night owl", description: "",
                    words: [WordDraft(term: "bat", meaning: "박쥐", createdAt: instant)])
            ).write(to: file)
            _ = try await cli.importFile(
                at: file.path, username: "seoul", bookName: "Night owl", format: .json,
                progress: { _, _ in })
            try await cli.shutdown()
            try? FileManager.default.removeItem(at: file)
            #expect(try await day("2026-11-23") == 2)

            // Reviews move with them.
            let queue = try api.decode(
                ReviewQueueDTO.self,
                try await api.send(.GET, "/api/v1/study/queue?bookID=\(book.id)")
            )
            let card = try #require(queue.cards.first)
            #expect(try await api.answer(card, 3).status == .ok)

            let moved = try await api.send(
                .PATCH, "/api/v1/auth/me", json: ProfilePatch(timeZone: "America/New_York"))
            #expect(moved.status == .ok)
            #expect(try await day("2026-11-22") == 2)
            #expect(try await day("2026-11-23") == 0)
            // The month's counts (kept by day, `CountWordsByDay`) move with them.
            let month = try api.decode(
                CalendarMonthDTO.self, try await api.send(.GET, "/api/v1/calendar?month=2026-11"))
            #expect(month.days.map { "\($0.date) \($0.count)" } == ["2026-11-22 2"])
            let sql = try #require(app.db as? any SQLDatabase)
            let reviewDays = try await sql.raw("SELECT reviewed_on FROM review_logs").all().map {
                try $0.decode(column: "reviewed_on", as: String.self)
            }
            let today = DayFormatter(timeZone: TimeZone(identifier: "America/New_York")!).day(
                of: Date())
            #expect(reviewDays == [today.description])
        }
    }

    @Test func changingThePasswordEndsEveryOtherWayIn() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app, "changer")
            let other = try api.decode(
                LoginResultDTO.self,
                try await api.send(
                    .POST, "/api/v1/auth/login",
                    json: ["username": "changer", "password": "correct horse"])
            ).token
            let browser = try await WebSessionTests.logInInBrowser(app, "changer", "correct horse")

            let wrong = try await api.send(
                .POST, "/api/v1/auth/password",
                json: PasswordChangeInput(
                    currentPassword: "wrong horse", newPassword: "new horse 1"))
            #expect(wrong.status == .forbidden)
            #expect(api.errorCode(wrong) == "wrong_password")
            let weak = try await api.send(
                .POST, "/api/v1/auth/password",
                json: PasswordChangeInput(currentPassword: "correct horse", newPassword: "short"))
            #expect(api.errorCode(weak) == "invalid_password")
            #expect(try await api.send(.GET, "/api/v1/auth/me", token: other).status == .ok)

            let changed = try await api.send(
                .POST, "/api/v1/auth/password",
                json: PasswordChangeInput(
                    currentPassword: "correct horse", newPassword: "new horse 1"))
            #expect(changed.status == .noContent)
            #expect(try await api.send(.GET, "/api/v1/auth/me").status == .ok)
            #expect(
                try await api.send(.GET, "/api/v1/auth/me", token: other).status == .unauthorized)
            let page = try await app.testing().sendRequest(.GET, "/", headers: ["Cookie": browser])
            #expect(page.status == .seeOther)

            let old = try await api.send(
                .POST, "/api/v1/auth/login",
                json: ["username": "changer", "password": "correct horse"])
            #expect(old.status == .unauthorized)
            let new = try await api.send(
                .POST, "/api/v1/auth/login",
                json: ["username": "changer", "password": "new horse 1"])
            #expect(new.status == .ok)
        }
    }

    @Test func theSettingsFormKeepsThisBrowserAndEndsTheOthers() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "webchanger")
            let elsewhere = try await WebSessionTests.logInInBrowser(
                app, "webchanger", "correct horse")
            let mismatch = try await browser.post(
                "/settings/password",
                [
                    ("currentPassword", "correct horse"), ("newPassword", "new horse 1"),
                    ("confirmPassword", "new horse 2"),
                ])
            #expect(mismatch.status == .unprocessableEntity)
            #expect(mismatch.body.string.contains("id=\"password-error\""))
            let changed = try await browser.post(
                "/settings/password",
                [
                    ("currentPassword", "correct horse"), ("newPassword", "new horse 1"),
                    ("confirmPassword", "new horse 1"),
                ])
            #expect(changed.status == .seeOther)
            #expect(try await browser.get("/settings").status == .ok)
            let other = try await app.testing().sendRequest(
                .GET, "/", headers: ["Cookie": elsewhere])
            #expect(other.status == .seeOther)
        }
    }

    @Test func deletingTheAccountTakesEverythingItOwnsAndNothingElse() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app, "leaver")
            let book = try await api.createBook("Going")
            let word = try await api.addWord(book.id, "bye", "안녕")
            let queue = try api.decode(
                ReviewQueueDTO.self,
                try await api.send(.GET, "/api/v1/study/queue?bookID=\(book.id)")
            )
            #expect(try await api.answer(try #require(queue.cards.first), 3).status == .ok)
            let stayer = try await API.signUp(app, "stayer")
            let kept = try await stayer.createBook("Staying")
            _ = try await stayer.addWord(kept.id, "hello", "안녕하세요")

            let mismatch = try await api.send(
                .DELETE, "/api/v1/auth/me",
                json: AccountDeletionInput(password: "correct horse", confirm: "stayer"))
            #expect(mismatch.status == .unprocessableEntity)
            #expect(api.errorCode(mismatch) == "confirmation_mismatch")
            let wrong = try await api.send(
                .DELETE, "/api/v1/auth/me",
                json: AccountDeletionInput(password: "wrong horse", confirm: "leaver"))
            #expect(wrong.status == .forbidden)
            #expect(try await api.send(.GET, "/api/v1/words/\(word.id)").status == .ok)

            let deleted = try await api.send(
                .DELETE, "/api/v1/auth/me",
                json: AccountDeletionInput(password: "correct horse", confirm: "LEAVER"))
            #expect(deleted.status == .noContent)
            #expect(try await api.send(.GET, "/api/v1/auth/me").status == .unauthorized)
            let sql = try #require(app.db as? any SQLDatabase)
            // The stayer's book, word and its two cards and token are left.
            for (table, stayersRows) in [
                ("books", 1), ("words", 1), ("cards", 2), ("review_logs", 0), ("user_tokens", 1),
            ] {
                let left = try await sql.raw("SELECT COUNT(*) AS n FROM \(ident: table)").first()?
                    .decode(column: "n", as: Int.self)
                #expect(left == stayersRows, "\(table)")
            }
            let search = try stayer.decode(
                SearchResultDTO.self, try await stayer.send(.GET, "/api/v1/search?q=hello"))
            #expect(search.total == 1)
            // The name is free again.
            _ = try await API.signUp(app, "leaver")
        }
    }

    @Test func theWebDeletionAsksForTheNameAndThePassword() async throws {
        try await withMaeilApp { app in
            let browser = try await WebBrowser.signUp(app, "webleaver")
            let refused = try await browser.post(
                "/settings/delete", [("confirm", "someone"), ("password", "correct horse")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("id=\"delete-error\""))
            #expect(try await User.query(on: app.db).count() == 1)
            let done = try await browser.post(
                "/settings/delete", [("confirm", "webleaver"), ("password", "correct horse")])
            #expect(done.status == .ok)
            #expect(done.body.string.contains("id=\"account-deleted\""))
            #expect(try await User.query(on: app.db).count() == 0)
            #expect(try await browser.get("/").status == .seeOther)
        }
    }

    @Test func aClosedServerMakesAccountsOnlyFromTheCommandLine() async throws {
        var settings = freshSettings()
        settings.signup = .closed
        try await withMaeilApp(settings: settings) { app in
            let anon = API(app: app)
            let refused = try await anon.send(
                .POST, "/api/v1/auth/signup",
                json: ["username": "walkin", "password": "correct horse"])
            #expect(refused.status == .forbidden)
            #expect(anon.errorCode(refused) == "signup_closed")
            let page = try await app.testing().sendRequest(.GET, "/signup")
            #expect(page.body.string.contains("id=\"signup-closed\""))
            #expect(!page.body.string.contains("action=\"/signup\""))
            #expect(try await User.query(on: app.db).count() == 0)

            let cli = try await MaeilInstance.open(settings: settings)
            _ = try await cli.createUser(username: "admitted", password: "correct horse")
            try await cli.shutdown()
            let login = try await anon.send(
                .POST, "/api/v1/auth/login",
                json: ["username": "admitted", "password": "correct horse"])
            #expect(login.status == .ok)
        }
    }

    @Test func anInviteOnlyServerTakesEachCodeOnce() async throws {
        var settings = freshSettings()
        settings.signup = .invite
        try await withMaeilApp(settings: settings) { app in
            let anon = API(app: app)
            let invites = SignupInvites(db: app.db)
            let code = try await invites.create()
            let expired = try await invites.create(now: Date().addingTimeInterval(-8 * 86_400))
            for invite in [nil, "nonsense", expired] {
                let refused = try await anon.send(
                    .POST, "/api/v1/auth/signup",
                    json: SignupInput(username: "guest", password: "correct horse", invite: invite))
                #expect(refused.status == .forbidden)
                #expect(anon.errorCode(refused) == "invalid_invite")
            }
            let page = try await app.testing().sendRequest(.GET, "/signup?invite=\(code)")
            #expect(page.body.string.contains("value=\"\(code)\""))
            let welcomed = try await anon.send(
                .POST, "/api/v1/auth/signup",
                json: SignupInput(
                    username: "guest", password: "correct horse", displayName: "손님",
                    invite: " \(code.uppercased()) "))
            #expect(welcomed.status == .created, "\(welcomed.body.string)")
            #expect(try anon.decode(LoginResultDTO.self, welcomed).user.displayName == "손님")
            let again = try await anon.send(
                .POST, "/api/v1/auth/signup",
                json: SignupInput(username: "second", password: "correct horse", invite: code))
            #expect(anon.errorCode(again) == "invalid_invite")
            #expect(try await User.query(on: app.db).count() == 1)
        }
    }

    @Test func anAdministratorResetsAForgottenPassword() async throws {
        let settings = freshSettings()
        try await withMaeilApp(settings: settings) { app in
            let api = try await API.signUp(app, "forgetful")
            let anon = API(app: app)
            for _ in 0..<SignInThrottle.freeFailures + 1 {
                _ = try await anon.send(
                    .POST, "/api/v1/auth/login",
                    json: ["username": "forgetful", "password": "guess 1234"])
            }
            let cli = try await MaeilInstance.open(settings: settings)
            await #expect(throws: (any Error).self) {
                try await cli.resetPassword(username: "forgetful", password: "short")
            }
            try await cli.resetPassword(username: "forgetful", password: "fresh horse")
            await #expect(throws: (any Error).self) {
                try await cli.resetPassword(username: "nobody", password: "fresh horse")
            }
            try await cli.shutdown()
            #expect(try await api.send(.GET, "/api/v1/auth/me").status == .unauthorized)
            // The guesses' delay is forgotten with the old password.
            let login = try await anon.send(
                .POST, "/api/v1/auth/login",
                json: ["username": "forgetful", "password": "fresh horse"])
            #expect(login.status == .ok, "\(login.body.string)")
        }
    }

    @Test func anUnknownSignupPolicyStopsTheServer() {
        #expect(ServerSettings.fromEnvironment(["MAEIL_SIGNUP": "invite"]).signup == .invite)
        #expect(ServerSettings.fromEnvironment(["MAEIL_SIGNUP": "Closed"]).signup == .closed)
        #expect(ServerSettings.fromEnvironment([:]).signup == .open)
        #expect(ServerSettings.fromEnvironment(["MAEIL_SIGNUP": "closd"]).signup == nil)
    }
}
