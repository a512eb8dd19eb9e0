import Foundation
import Testing

@testable import MaeilServer

@Suite struct RelativeTimeTextTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    /// 2026-11-24 09:00 in Seoul.
    let now = Date(timeIntervalSince1970: 1_795_478_400)

    func text(_ secondsAgo: TimeInterval, _ lang: UILanguage) -> String {
        RelativeTimeText.text(now.addingTimeInterval(-secondsAgo), now: now, lang, timeZone: seoul)
    }

    @Test func withinADayTheTimeIsRelative() {
        #expect(text(0, .ko) == "방금 전")
        #expect(text(59, .ko) == "방금 전")
        #expect(text(-30, .ko) == "방금 전", "a clock a little ahead")
        #expect(text(60, .ko) == "1분 전")
        #expect(text(5 * 60 + 59, .ko) == "5분 전")
        #expect(text(3 * 3600 + 10, .ko) == "3시간 전")
        #expect(text(24 * 3600 - 1, .ko) == "23시간 전")
        #expect(text(0, .en) == "just now")
        #expect(text(60, .en) == "1 minute ago")
        #expect(text(5 * 60, .en) == "5 minutes ago")
        #expect(text(3600, .en) == "1 hour ago")
        #expect(text(3 * 3600, .en) == "3 hours ago")
    }

    @Test func afterADayItIsADateInTheReadersZoneWithTheYearWhenNotThisOne() {
        #expect(text(24 * 3600, .ko) == "11월 23일")
        #expect(text(24 * 3600, .en) == "Nov 23")
        // 2025-12-31 20:00 UTC is 2026-01-01 05:00 in Seoul: this year there.
        let newYear = Date(timeIntervalSince1970: 1_767_211_200)
        #expect(RelativeTimeText.text(newYear, now: now, .ko, timeZone: seoul) == "1월 1일")
        #expect(
            RelativeTimeText.text(newYear, now: now, .ko, timeZone: TimeZone(identifier: "UTC")!)
                == "2025년 12월 31일")
        #expect(
            RelativeTimeText.text(newYear, now: now, .en, timeZone: TimeZone(identifier: "UTC")!)
                == "Dec 31, 2025")
    }
}
