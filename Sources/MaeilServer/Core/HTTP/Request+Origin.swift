import Vapor

extension Request {
    /// "https://maeil.example" as the client reached us (behind a proxy: its forwarded
    /// scheme), for addresses that other apps open.
    var siteOrigin: String {
        let scheme = headers.first(name: "X-Forwarded-Proto") == "https" ? "https" : "http"
        let host = headers.first(name: .host) ?? "127.0.0.1"
        return scheme + "://" + host
    }

    /// Whether the client reached us over HTTPS: Maeil serves plain HTTP, so
    /// only a trusted proxy (`ServerSettings.trustedProxies`) can say so, with
    /// `X-Forwarded-Proto: https` (its own word: the last value).
    var cameOverHTTPS: Bool {
        guard let peer = remoteAddress?.ipAddress,
            maeilSettings.trustedProxies.contains(peer),
            let proto = headers[.xForwardedProto].flatMap({ $0.split(separator: ",") }).last
        else { return false }
        return proto.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// The client's IP address: the peer's, or behind a trusted proxy
    /// (`ServerSettings.trustedProxies`) the nearest address in
    /// `X-Forwarded-For` that is not one of the proxies. Each proxy appends
    /// the address it got the request from, so only the right end of the
    /// list is the proxies' word; the left end is whatever the client wrote.
    var clientAddress: String? {
        guard let peer = remoteAddress?.ipAddress else { return nil }
        let proxies = maeilSettings.trustedProxies
        guard proxies.contains(peer) else { return peer }
        let forwarded = headers[.xForwardedFor].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return forwarded.last { !proxies.contains($0) } ?? forwarded.first ?? peer
    }
}
