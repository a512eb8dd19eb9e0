import Vapor

extension Request {
    /// "https://maeil.example" as the client reached us (behind a proxy: its forwarded
    /// scheme), for addresses that other apps open.
    var siteOrigin: String {
        let scheme = headers.first(name: "X-Forwarded-Proto") == "https" ? "https" : "http"
        let host = headers.first(name: .host) ?? "127.0.0.1"
        return scheme + "://" + host
    }
}
