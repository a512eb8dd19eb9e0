import Foundation
import MaeilAPI
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer
@testable import VocabCore

@Suite("Japanese dictionary API")
struct DictionaryAPITests {
    static let edict = """
        　？？？ /EDICT, EDICT_SUB(P), EDICT2 Japanese-English Electronic Dictionary Files/
        学生 [がくしょう] /(n) (1) (arch) Heian-period student of government administration/
        学生 [がくせい] /(n) student (esp. a university student)/(P)/
        学制 [がくせい] /(n) educational system/
        大学生 [だいがくせい] /(n) university student/(P)/
        学生時代 [がくせいじだい] /(n) one's school days/(P)/
        食べる [たべる] /(v1,vt) (1) to eat/(2) to live on (e.g. a salary)/(P)/
        寿司 [すし] /(n) sushi/(P)/
        ラーメン /(n) ramen/Chinese noodles/(P)/
        100% [ひゃくパーセント] /(n) one hundred percent/

        """

    static func load(_ app: Application, _ text: String = edict) async throws {
        let data = Data(
            try TextDecoding.iconvConvert(Array(text.utf8), from: "UTF-8", to: "EUC-JP"))
        try await DictionaryStore(db: app.db).replace(with: try EDICT.parse(data))
    }

    func search(_ api: API, _ q: String) async throws -> DictionarySearchDTO {
        let escaped = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
        let response = try await api.send(.GET, "/api/v1/japanese/dictionary?q=\(escaped)")
        #expect(response.status == .ok, "\(response.body.string)")
        return try api.decode(DictionarySearchDTO.self, response)
    }

    @Test("before an import the dictionary says it is not there; after, it answers")
    func availability() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let empty = try await search(api, "学生")
            #expect(!empty.available && empty.entries.isEmpty)
            try await Self.load(app)
            let found = try await search(api, "学生")
            #expect(found.available)
            #expect(
                found.attribution.contains("Electronic Dictionary Research and Development Group"))
        }
    }

    @Test("kanji, kana, romaji and English, ranked exact > prefix > substring, common first")
    func lookups() async throws {
        try await withMaeilApp { app in
            try await Self.load(app)
            let api = try await API.signUp(app)
            let kanji = try await search(api, "学生")
            #expect(kanji.entries.map(\.term) == ["学生", "学生", "学生時代", "大学生"])
            #expect(kanji.entries.map(\.reading).prefix(2) == ["がくせい", "がくしょう"], "common first")
            #expect(kanji.entries.map(\.match) == ["exact", "exact", "prefix", "substring"])
            let romaji = try await search(api, "gakusei")
            #expect(romaji.kana == "がくせい")
            #expect(romaji.entries.prefix(2).map(\.term) == ["学生", "学制"])
            #expect(try await search(api, "ガクセイ").entries.first?.term == "学生")
            let english = try await search(api, "eat")
            #expect(english.entries.first?.term == "食べる" && english.entries.first?.match == "exact")
            #expect(try await search(api, "student").entries.first?.term == "学生")
            #expect(try await search(api, "noodle").entries.first?.term == "ラーメン")
            #expect(try await search(api, "sushi").entries.first?.term == "寿司")
            #expect(try await search(api, "らーめん").entries.first?.term == "ラーメン")
            // LIKE's wildcards are literal text, and FTS5 syntax is not read from a query.
            #expect(try await search(api, "100%").entries.map(\.term) == ["100%"])
            #expect(try await search(api, "\"OR*").entries.isEmpty)
            #expect(try await search(api, "zzzz").entries.isEmpty)
        }
    }

    @Test("an empty or too long query is a 422; no token is a 401")
    func badQueries() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            for path in [
                "/api/v1/japanese/dictionary", "/api/v1/japanese/dictionary?q=%20",
                "/api/v1/japanese/dictionary?q=\(String(repeating: "a", count: 101))",
            ] {
                let response = try await api.send(.GET, path)
                #expect(response.status == .unprocessableEntity, "\(path)")
            }
            let anonymous = try await api.send(.GET, "/api/v1/japanese/dictionary?q=a", token: "")
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("an import replaces the dictionary whole")
    func replace() async throws {
        try await withMaeilApp { app in
            try await Self.load(app)
            try await Self.load(
                app,
                """
                　？？？ /EDICT, EDICT_SUB(P)/
                猫 [ねこ] /(n) cat/(P)/

                """)
            let api = try await API.signUp(app)
            #expect(try await search(api, "学生").entries.isEmpty)
            #expect(try await search(api, "cat").entries.map(\.term) == ["猫"])
            #expect(try await DictionaryStore(db: app.db).count() == 1)
        }
    }

    @Test("a kanji no course word uses takes its example words from the dictionary's common words")
    func kanjiExamplesFromTheDictionary() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let path =
                "/api/v1/japanese/kanji/\("姻".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")"
            let before = try api.decode(KanjiDTO.self, try await api.send(.GET, path))
            #expect(before.words == [])
            try await Self.load(
                app,
                """
                　？？？ /EDICT, EDICT_SUB(P)/
                婚姻 [こんいん] /(n,vs) marriage/matrimony/(P)/
                姻族 [いんぞく] /(n) relatives by marriage/

                """)
            let after = try api.decode(KanjiDTO.self, try await api.send(.GET, path))
            #expect(after.words?.map(\.term) == ["婚姻"], "common words only")
            #expect(after.words?.first?.reading == "こんいん")
        }
    }
}
