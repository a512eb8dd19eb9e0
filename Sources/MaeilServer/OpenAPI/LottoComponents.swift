import Foundation
import Lotto
import MaeilAPI

/// The lotto diary's part of the document: its operations and schemas.
extension OpenAPIDocument {
    static let lottoOperations: [Operation] = [
        Operation(
            .lottoDecode,
            summary:
                "Read a lotto 6/45 ticket's QR text (every era's address, or the v= payload alone) without storing it: round, games by printed line A–E, the official result page. 422 invalid_ticket with the reason (the store's purchase slip, a pension ticket, an unknown host, a number outside 1–45…)",
            tag: "lotto", body: .json("LottoDecodeInput"), response: "LottoTicket"),
        Operation(
            .lottoDecodePhoto,
            summary:
                "Read the ticket in a photo (PNG, JPEG or WebP up to 10 MB and 4096×4096; the body, or a multipart 'file') with the server's ZBar, without storing it; its resultURL is a QR text that POST lotto/entries accepts. 415 not an image, 413 too large, 422 no QR code or not a ticket's, 503 photo_unavailable when the server lacks ZBar or an image library (the message says what to install)",
            tag: "lotto", body: .file, response: "LottoTicket"),
        Operation(
            .lottoDraw,
            summary:
                "A draw's result: shipped rounds 1–1238, rounds fetched since, or the numbers this user typed for a round no source has yet (404 when unknown)",
            tag: "lotto", response: "LottoDraw"),
        Operation(
            .typeLottoDraw,
            summary:
                "Type the winning numbers of a drawn round that no source has yet: this user's tickets of the round settle with them (4th and 5th prizes fixed; 1st–3rd unknown) until a source gives the round. 409 when the round is already known, 422 for a round not drawn yet or numbers that are not six distinct 1–45 and a different bonus",
            tag: "lotto", body: .json("LottoManualDrawInput"), response: "LottoDraw"),
        Operation(
            .lottoEntries,
            summary:
                "A month of the diary (?month=YYYY-MM, default this month): the entries bought in it, newest day first, each lotto ticket with its games' matches, ranks and prizes or still pending; and the month's goal, spent, won, net and % of the goal",
            tag: "lotto",
            query: [Parameter("month", .string(format: "YYYY-MM"), "the month (default: now)")],
            response: "LottoMonth"),
        Operation(
            .addLottoEntry,
            summary:
                "Add a lotto ticket from its QR text, or typed (round and up to five games of six numbers), or a speetto purchase (type 500/1000/2000, amount in multiples of 500 won, won). A round not drawn yet is pending, not an error; 409 duplicate_ticket for a ticket already in the diary",
            tag: "lotto", body: .json("LottoEntryInput"), status: 201, response: "LottoEntry"),
        Operation(
            .lottoEntry, summary: "One entry with its results", tag: "lotto",
            response: "LottoEntry"),
        Operation(
            .deleteLottoEntry, summary: "Delete an entry", tag: "lotto", status: 204,
            response: nil),
        Operation(
            .lottoSettings,
            summary: "The diary's settings: nickname, monthly goal, draw reminder", tag: "lotto",
            response: "LottoSettings"),
        Operation(
            .updateLottoSettings,
            summary:
                "Change the diary's settings: nickname 3–10 Hangul, Latin letters or digits; monthly goal 1,000 to 100,000,000,000 won; reminder 10, 30 or 60 minutes before the draw (clear: fields to empty)",
            tag: "lotto", body: .json("LottoSettingsInput"), response: "LottoSettings"),
        Operation(
            .lottoPick,
            summary:
                "Six random numbers and a bonus, holding the numbers to include and none to exclude, for the round on sale",
            tag: "lotto", body: .json("LottoPickInput"), response: "LottoPick"),
        Operation(
            .lottoYear,
            summary:
                "A year of the diary (?year=YYYY, default this year): each month's goal, spent, won, net and % of the goal, the year's sums, and how many months so far kept to the goal",
            tag: "lotto",
            query: [Parameter("year", .integer(minimum: 2002, maximum: 9999), "the year")],
            response: "LottoYear"),
        Operation(
            .lottoChart,
            summary:
                "The year's chart as SVG: spent and won by month, the net, the goal as a dashed line, and ✓/✗ under each month for the goal",
            tag: "lotto",
            query: [
                Parameter("year", .integer(minimum: 2002, maximum: 9999), "the year"),
                Parameter(
                    "lang", .oneOf(UILanguage.self),
                    "language of the labels (default: Accept-Language)"),
            ],
            response: nil, responseMedia: "image/svg+xml"),
        Operation(
            .newLottoFeed,
            summary:
                "A private iCalendar feed for calendar apps: the weekly draw with an alarm at the reminder setting, the weekly results, and a 'results are out' event with an alarm for each ticket still waiting. Answers its secret address once (a new one replaces the old); the feed itself needs no token",
            tag: "lotto",
            query: [
                Parameter(
                    "lang", .oneOf(UILanguage.self),
                    "language of the feed's events (default: Accept-Language)")
            ],
            status: 201, response: "LottoFeed"),
        Operation(
            .deleteLottoFeed, summary: "Revoke the calendar feed's address", tag: "lotto",
            status: 204, response: nil),
    ]

    static let lottoNumber = Schema.integer(minimum: 1, maximum: 45)
    static let lottoNumbers = Schema.array(lottoNumber, minItems: 6, maxItems: 6)
    static let lottoGameExample: JSONValue = [
        "slot": "A", "mode": "manual", "numbers": [3, 5, 13, 20, 21, 37],
    ]
    static let lottoGameResultExample: JSONValue = [
        "slot": "A", "mode": "manual", "numbers": [3, 5, 13, 20, 21, 37],
        "matched": [3, 5, 13, 20, 21, 37], "bonus": false, "rank": 1, "prize": 1_727_810_100,
    ]
    static let lottoEntryExample: JSONValue = [
        "id": .string(id1), "kind": "lotto", "date": "2023-01-05", "status": "settled",
        "round": 1049, "drawDate": "2023-01-07", "games": [lottoGameResultExample],
        "drawNumbers": [3, 5, 13, 20, 21, 37], "drawBonus": 17, "source": "qr",
        "speettoType": 1000, "spent": 1000, "won": 1_727_810_100,
        "resultURL": "https://m.dhlottery.co.kr/qr.do?method=winQr&v=1049m…", "note": "",
        "createdAt": time,
    ]
    static let lottoSummaryExample: JSONValue = [
        "month": "2023-01", "goal": 30000, "spent": 24000, "won": 5000, "net": -19000,
        "goalUsedPercent": 80, "gukbap": 3, "pending": 1,
    ]

    static let lottoComponents: [Component] = [
        Component(
            "LottoDecodeInput", LottoDecodeInput.self,
            .object(
                ["qr": .string("the text a QR reader shows for the ticket")],
                example: [
                    "qr":
                        "http://m.dhlottery.co.kr/?v=0868m041120213645m010306132438m142933354042m021823262731m1217284143441293818248"
                ])),
        Component(
            "LottoGame", LottoGameDTO.self,
            .object(
                [
                    "slot": .oneOf(["A", "B", "C", "D", "E"], "the printed line"),
                    "mode": .oneOf(GameMode.self), "numbers": lottoNumbers,
                ], example: lottoGameExample)),
        Component(
            "LottoTicket", LottoTicketDTO.self,
            .object(
                [
                    "round": .integer(minimum: 1), "drawDate": .date,
                    "games": .array(.ref("LottoGame"), minItems: 1, maxItems: 5),
                    "resultURL": .string("the ticket's result page at the lottery's site"),
                ],
                example: [
                    "round": 868, "drawDate": "2019-07-20", "games": [lottoGameExample],
                    "resultURL": "https://m.dhlottery.co.kr/qr.do?method=winQr&v=0868m…",
                ])),
        Component(
            "LottoPrize", LottoPrizeDTO.self,
            .object(
                [
                    "rank": .integer(minimum: 1, maximum: 5),
                    "prize": .integer("won per winning game, before tax"),
                    "winners": .integer("winning games"),
                ], example: ["rank": 1, "prize": 1_727_810_100, "winners": 15])),
        Component(
            "LottoDraw", LottoDrawDTO.self,
            .object(
                [
                    "round": .integer(minimum: 1), "date": .date, "numbers": lottoNumbers,
                    "bonus": lottoNumber,
                    "prizes": .array(.ref("LottoPrize")).described(
                        "the ranks someone won; a rank nobody won is absent"),
                    "source": .oneOf(DrawOrigin.self),
                ],
                optional: ["totalSales": .integer("won")],
                example: [
                    "round": 1049, "date": "2023-01-07", "numbers": [3, 5, 13, 20, 21, 37],
                    "bonus": 17,
                    "prizes": [["rank": 1, "prize": 1_727_810_100, "winners": 15]],
                    "totalSales": 108_444_724_000, "source": "history",
                ])),
        Component(
            "LottoGameResult", LottoGameResultDTO.self,
            .object(
                [
                    "slot": .oneOf(["A", "B", "C", "D", "E"]), "mode": .oneOf(GameMode.self),
                    "numbers": lottoNumbers,
                    "matched": .array(lottoNumber).described("empty before the draw"),
                    "bonus": .boolean.described("the game holds the bonus number"),
                ],
                optional: [
                    "rank": .integer(minimum: 1, maximum: 5),
                    "prize": .integer("won; absent when the draw record does not say"),
                ], example: lottoGameResultExample)),
        Component(
            "LottoEntry", LottoEntryDTO.self,
            .object(
                [
                    "id": .uuid, "kind": .oneOf(LottoEntry.Kind.self), "date": .date,
                    "status": .oneOf(["pending", "settled", "recorded"]),
                    "games": .array(.ref("LottoGameResult")),
                    "spent": .integer("won"), "note": .string, "createdAt": .dateTime,
                ],
                optional: [
                    "round": .integer(minimum: 1), "drawDate": .date,
                    "drawNumbers": lottoNumbers, "drawBonus": lottoNumber,
                    "source": .oneOf(LottoDiary.TicketSource.self, "lotto entries only"),
                    "speettoType": .oneOf(
                        LottoDiary.SpeettoType.allCases.map(\.rawValue), "speetto entries only"),
                    "won": .integer("won; absent while the ticket is pending"),
                    "resultURL": .string,
                ], example: lottoEntryExample)),
        Component(
            "LottoEntryInput", LottoEntryInput.self,
            .object(
                [:],
                optional: [
                    "kind": .oneOf(LottoEntry.Kind.self), "date": .date,
                    "qr": .string("a ticket's QR text"),
                    "round": .integer(minimum: 1),
                    "games": .array(.array(lottoNumber), minItems: 1, maxItems: 5),
                    "mode": .oneOf(GameMode.self),
                    "speettoType": .oneOf(LottoDiary.SpeettoType.allCases.map(\.rawValue)),
                    "amount": .integer("won spent on speetto, a multiple of 500"),
                    "won": .integer("won won on speetto"),
                    "note": .string(maxLength: LottoDiary.noteLimit),
                ],
                example: [
                    "kind": "lotto", "date": "2023-01-05", "qr": "", "round": 1049,
                    "games": [[3, 5, 13, 20, 21, 37]], "mode": "manual", "speettoType": 1000,
                    "amount": 5000, "won": 0, "note": "",
                ])),
        Component(
            "LottoMonthSummary", LottoMonthSummaryDTO.self,
            .object(
                [
                    "month": .string(format: "YYYY-MM"), "spent": .integer, "won": .integer,
                    "net": .integer, "gukbap": .integer("spent ÷ 8,000 won"),
                    "pending": .integer("tickets waiting for their result"),
                ],
                optional: [
                    "goal": .integer, "goalUsedPercent": .integer("spent ÷ goal, in percent"),
                ], example: lottoSummaryExample)),
        Component(
            "LottoMonth", LottoMonthDTO.self,
            .object(
                ["summary": .ref("LottoMonthSummary"), "entries": .array(.ref("LottoEntry"))],
                example: ["summary": lottoSummaryExample, "entries": [lottoEntryExample]])),
        Component(
            "LottoYear", LottoYearDTO.self,
            .object(
                [
                    "year": .integer(minimum: 2002),
                    "months": .array(.ref("LottoMonthSummary"), minItems: 12, maxItems: 12),
                    "spent": .integer, "won": .integer, "net": .integer,
                ],
                optional: [
                    "goal": .integer,
                    "monthsKept": .integer("months so far whose spending kept to the goal"),
                ],
                example: [
                    "year": 2023, "goal": 30000,
                    "months": .array(Array(repeating: lottoSummaryExample, count: 12)),
                    "spent": 24000, "won": 5000, "net": -19000, "monthsKept": 11,
                ])),
        Component(
            "LottoSettings", LottoSettingsDTO.self,
            .object(
                [:],
                optional: [
                    "nickname": .string(maxLength: 10),
                    "monthlyGoal": .integer(minimum: 1000),
                    "reminderMinutes": .oneOf(LottoDiary.reminderChoices),
                ],
                example: ["nickname": "행운가득", "monthlyGoal": 30000, "reminderMinutes": 30])),
        Component(
            "LottoSettingsInput", LottoSettingsInput.self,
            .object(
                [:],
                optional: [
                    "nickname": .string(maxLength: 10),
                    "monthlyGoal": .integer(minimum: 1000),
                    "reminderMinutes": .oneOf(LottoDiary.reminderChoices),
                    "clear": .array(.oneOf(["nickname", "monthlyGoal", "reminderMinutes"])),
                ],
                example: [
                    "nickname": "행운가득", "monthlyGoal": 30000, "reminderMinutes": 30,
                    "clear": [],
                ])),
        Component(
            "LottoFeed", LottoFeedDTO.self,
            .object(
                [
                    "url": .string("https://…/lotto/feed/{secret}.ics?lang=ko"),
                    "webcalURL": .string("the same as webcal://, to subscribe"),
                ],
                example: [
                    "url": "https://maeil.example/lotto/feed/0123abcd.ics?lang=ko",
                    "webcalURL": "webcal://maeil.example/lotto/feed/0123abcd.ics?lang=ko",
                ])),
        Component(
            "LottoManualDrawInput", LottoManualDrawInput.self,
            .object(
                ["numbers": lottoNumbers, "bonus": lottoNumber],
                example: ["numbers": [11, 13, 22, 32, 33, 36], "bonus": 8])),
        Component(
            "LottoPickInput", LottoPickInput.self,
            .object(
                [:],
                optional: [
                    "include": .array(lottoNumber, maxItems: 6), "exclude": .array(lottoNumber),
                ], example: ["include": [7], "exclude": [1, 2]])),
        Component(
            "LottoPick", LottoPickDTO.self,
            .object(
                [
                    "numbers": lottoNumbers, "bonus": lottoNumber,
                    "round": .integer("the round on sale"),
                ], example: ["numbers": [7, 11, 19, 28, 33, 41], "bonus": 5, "round": 1240])),
    ]
}
