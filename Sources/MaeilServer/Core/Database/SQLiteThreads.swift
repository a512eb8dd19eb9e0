import FluentKit
import NIOCore
import NIOPosix
import Vapor

/// SQLite's statements run on threads of their own, one per connection.
///
/// SQLiteNIO runs each statement on a blocking thread pool, by default the
/// process's shared one, which also runs speech engines, archive packing, an
/// import's key computation and file reads. A statement queued behind those
/// waited for them (two speech requests that each ran an engine for seconds
/// held both threads of a two-core server, and every page that wrote timed
/// out meanwhile), and a writer waiting on SQLite's busy lock held a shared
/// thread the lock's holder might need for its next statement. With a thread
/// for each connection (`FluentSQLiteDriver` opens one per event loop), a
/// statement never waits for a thread, only for SQLite.
///
/// The configuration also carries the app's `SQLiteWriterTurns`, so that its
/// write transactions queue in the process rather than in SQLite's busy handler.
enum SQLiteThreads {
    /// `sqlite`'s configuration with its connections' statements on a pool of
    /// `threads`, owned by `app` (shut down after the databases close), and
    /// its writers waiting their turn at most `writerPatience`.
    static func configuration(
        _ sqlite: DatabaseConfigurationFactory, for app: Application, writerPatience: TimeAmount
    ) -> DatabaseConfigurationFactory {
        let connections = Array(app.eventLoopGroup.makeIterator()).count
        let pool = NIOThreadPool(numberOfThreads: max(connections, 1))
        pool.start()
        // Shut down without waiting: the threads end once their last statement has.
        app.storage.set(PoolKey.self, to: pool, onShutdown: { $0.shutdownGracefully { _ in } })
        return DatabaseConfigurationFactory {
            OwnThreads(
                inner: sqlite.make(), threadPool: pool,
                writerTurns: SQLiteWriterTurns(patience: writerPatience))
        }
    }

    private struct PoolKey: StorageKey { typealias Value = NIOThreadPool }

    /// A configuration whose driver is made with `threadPool` instead of the app's.
    private struct OwnThreads: DatabaseConfiguration, TakesWriterTurns {
        var inner: any DatabaseConfiguration
        let threadPool: NIOThreadPool
        let writerTurns: SQLiteWriterTurns

        var middleware: [any AnyModelMiddleware] {
            get { inner.middleware }
            set { inner.middleware = newValue }
        }

        func makeDriver(for databases: Databases) -> any DatabaseDriver {
            inner.makeDriver(
                for: Databases(threadPool: threadPool, on: databases.eventLoopGroup))
        }
    }
}
