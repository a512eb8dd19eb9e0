import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP relay on loopback between the server and its PostgreSQL: the fault at
/// the edge of the world. `stop()` closes its port and every relayed
/// connection, as a stopped PostgreSQL does (connections cut, new ones
/// refused); `start()` opens the same port again.
final class TCPRelay: Sendable {
    private let target: SocketAddress
    private let group: any EventLoopGroup
    private let state = NIOLockedValueBox(State())

    private struct State {
        var port = 0
        var listener: (any Channel)?
        var connections: [ObjectIdentifier: any Channel] = [:]
    }

    init(
        to host: String, port: Int,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    )
        throws
    {
        target = try SocketAddress.makeAddressResolvingHost(host, port: port)
        self.group = group
    }

    /// The port the relay listens on (chosen at the first start, kept after).
    var port: Int { state.withLockedValue(\.port) }

    func start() async throws {
        let target = target
        let listener = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { [weak self] inbound in
                self?.track(inbound)
                return ClientBootstrap(group: inbound.eventLoop).connect(to: target).flatMapThrowing
                {
                    outbound in
                    self?.track(outbound)
                    let (here, there) = Glue.pair()
                    try inbound.pipeline.syncOperations.addHandler(here)
                    try outbound.pipeline.syncOperations.addHandler(there)
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        state.withLockedValue {
            $0.listener = listener
            $0.port = listener.localAddress?.port ?? 0
        }
    }

    func stop() async throws {
        let (listener, connections) = state.withLockedValue { state in
            defer {
                state.listener = nil
                state.connections = [:]
            }
            return (state.listener, Array(state.connections.values))
        }
        try await listener?.close()
        for connection in connections { try? await connection.close() }
    }

    private func track(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        state.withLockedValue { $0.connections[key] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in
            _ = self?.state.withLockedValue { $0.connections.removeValue(forKey: key) }
        }
    }

    /// Passes what one side reads to the other; when one side closes, so does
    /// the other. Both channels live on one event loop.
    private final class Glue: ChannelDuplexHandler {
        typealias InboundIn = NIOAny
        typealias OutboundIn = NIOAny
        typealias OutboundOut = NIOAny

        private var partner: Glue?
        private var context: ChannelHandlerContext?

        static func pair() -> (Glue, Glue) {
            let one = Glue()
            let other = Glue()
            one.partner = other
            other.partner = one
            return (one, other)
        }

        func handlerAdded(context: ChannelHandlerContext) { self.context = context }

        func handlerRemoved(context: ChannelHandlerContext) {
            self.context = nil
            partner = nil
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            partner?.context?.write(data, promise: nil)
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            partner?.context?.flush()
        }

        func channelInactive(context: ChannelHandlerContext) {
            partner?.context?.close(promise: nil)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
