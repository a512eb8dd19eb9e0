import Testing
import Vapor

@testable import MaeilServer

/// `FlatQuery` reads a query as Vapor's own form decoder reads it into
/// `[String: String]`, and gives up (nil) where it does not read it alone.
@Suite("Flat query")
struct FlatQueryTests {
    @Test func readsWhatVaporsDecoderReads() throws {
        let queries = [
            "", "page=2&perPage=50", "q=%EC%82%AC%EA%B3%BC&sort=recent", "q=a+b", "q=a%2Bb",
            "q=", "q=%25", "q=%26x%3Dy", "bookID=6DD647F0-8478-42D7-90CC-3DD22B16B2C1&page=1",
            "q=%E3%81%9F%E3%81%B9%E3%82%8B", "q=100%25+sure",
        ]
        for query in queries {
            let ours = try #require(FlatQuery.values(query), "\(query)")
            let vapor = try URLEncodedFormDecoder().decode([String: String].self, from: query)
            #expect(ours == vapor, "\(query)")
        }
    }

    @Test func leavesTheRestToVapor() {
        for query in ["a[]=1&a[]=2", "flag", "q=%zz", "q=%E3%81"] {
            #expect(FlatQuery.values(query) == nil, "\(query)")
        }
    }
}
