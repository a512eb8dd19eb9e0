import Vapor

/// Whether a failed outgoing request (Vapor's client) ran out of time — connecting,
/// waiting for a pooled connection, reading, writing, or its whole deadline — rather
/// than failing some other way. The draw sources and DeepL both tell these apart.
func isOutgoingTimeout(_ error: any Error) -> Bool {
    guard let error = error as? HTTPClientError else { return false }
    return [
        HTTPClientError.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout,
        .tlsHandshakeTimeout, .getConnectionFromPoolTimeout,
    ].contains(error)
}
