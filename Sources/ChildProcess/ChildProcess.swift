import CChildProcess
import Foundation
import Glibc

/// A command run to its end with `posix_spawn`, its output and errors kept.
///
/// Not Foundation's `Process`: on Linux (Swift 6.3) its `run()` lists
/// `/proc/self/fd` with a read past each directory entry's end, which now and
/// then reads an unmapped page and brings the whole server down (seen in a
/// test run that spoke a word; swift-corelibs-foundation#5472). Here every
/// descriptor but the three standard ones is closed in the child by the
/// spawn itself (`closefrom`), and waiting holds no thread: `run` looks at
/// the pipes and the child between short sleeps.
public struct ChildProcess: Sendable {
    /// The program's path.
    public var executable: String
    public var arguments: [String]
    /// The child's environment; nil for this process's own.
    public var environment: [String: String]?
    /// What the child reads on its standard input; nil for nothing (`/dev/null`).
    public var input: Data?

    public init(
        _ executable: String, _ arguments: [String] = [],
        environment: [String: String]? = nil, input: Data? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.input = input
    }

    /// How the child ended, and what it wrote.
    public struct Exit: Sendable {
        /// The exit status, or 128 plus the signal that ended it (as a shell says).
        public var status: Int32
        public var output: Data
        public var errors: Data

        public var succeeded: Bool { status == 0 }
        public var outputText: String { String(decoding: output, as: UTF8.self) }
        public var errorText: String { String(decoding: errors, as: UTF8.self) }
    }

    public enum Failure: Error, CustomStringConvertible {
        /// The program could not be started (not there, not executable).
        case cannotStart(String, code: Int32)
        /// It ran past its time and was killed.
        case timedOut(String)

        public var description: String {
            switch self {
            case .cannotStart(let program, let code):
                "cannot start \(program): \(String(cString: strerror(code)))"
            case .timedOut(let program): "\(program) ran too long and was stopped"
            }
        }
    }

    /// Runs the program to its end, or until `timeout` has passed (then it is
    /// killed and `Failure.timedOut` thrown). No thread waits meanwhile.
    public func run(timeout: Duration? = nil) async throws -> Exit {
        let child = try Running(self)
        let deadline = timeout.map { ContinuousClock.now + $0 }
        var pause = Duration.milliseconds(1)
        while true {
            let moved = child.readAvailable()
            if let exit = child.exitIfEnded() { return exit }
            if let deadline, ContinuousClock.now >= deadline {
                child.stop()
                throw Failure.timedOut(executable)
            }
            // Quick while output flows, at most 20 ms apart while the child works.
            pause = moved ? .milliseconds(1) : min(pause * 2, .milliseconds(20))
            try? await Task.sleep(for: pause)
            if Task.isCancelled {
                child.stop()
                throw CancellationError()
            }
        }
    }

    /// Runs the program to its end on the calling thread, which waits in `poll`.
    public func runBlocking() throws -> Exit {
        let child = try Running(self)
        while true {
            child.waitForOutput(milliseconds: 50)
            _ = child.readAvailable()
            if let exit = child.exitIfEnded() { return exit }
        }
    }
}

/// A started child: its id and the parent's ends of its output pipes.
private final class Running {
    let pid: pid_t
    private var pipes: [(descriptor: Int32, data: Data)]
    private var reaped = false

    init(_ command: ChildProcess) throws {
        let output = try Self.pipe()
        let errors = try Self.pipe()
        var inputFile: String?
        defer {
            close(output.write)
            close(errors.write)
            if let inputFile { unlink(inputFile) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input = command.input {
            // A file rather than a pipe: nothing to write while the child runs.
            let path = NSTemporaryDirectory() + "maeil-input-\(UUID().uuidString)"
            guard FileManager.default.createFile(atPath: path, contents: input) else {
                close(output.read)
                close(errors.read)
                throw ChildProcess.Failure.cannotStart(command.executable, code: EIO)
            }
            inputFile = path
            posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        maeil_spawn_close_from(&actions, 3)

        // The child starts with no signal blocked, and SIGPIPE back to its
        // default (a server ignores it; a command expects to die of it).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = CStrings([command.executable] + command.arguments)
        let environment = command.environment.map { values in
            CStrings(values.map { "\($0.key)=\($0.value)" })
        }
        var started = pid_t()
        // Both arrays freed only once the spawn has read them.
        let status = withExtendedLifetime((argv, environment)) {
            posix_spawn(
                &started, command.executable, &actions, &attributes, argv.pointers,
                environment?.pointers ?? environ)
        }
        guard status == 0 else {
            close(output.read)
            close(errors.read)
            throw ChildProcess.Failure.cannotStart(command.executable, code: status)
        }
        pid = started
        pipes = [(output.read, Data()), (errors.read, Data())]
    }

    deinit {
        for pipe in pipes where pipe.descriptor >= 0 { close(pipe.descriptor) }
        if !reaped { stop() }
    }

    /// Reads what the pipes hold now; whether anything came.
    func readAvailable() -> Bool {
        var moved = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        for index in pipes.indices where pipes[index].descriptor >= 0 {
            while true {
                let count = read(pipes[index].descriptor, &buffer, buffer.count)
                if count > 0 {
                    pipes[index].data.append(buffer, count: count)
                    moved = true
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    // 0: the end (every writer closed it); EAGAIN: nothing now.
                    if count == 0 {
                        close(pipes[index].descriptor)
                        pipes[index].descriptor = -1
                    }
                    break
                }
            }
        }
        return moved
    }

    /// Waits in `poll` until a pipe has something or `milliseconds` pass.
    func waitForOutput(milliseconds: Int32) {
        var watched = pipes.filter { $0.descriptor >= 0 }.map {
            pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0)
        }
        if watched.isEmpty {
            usleep(UInt32(milliseconds) * 1000)
        } else {
            _ = poll(&watched, nfds_t(watched.count), milliseconds)
        }
    }

    /// How it ended, once it has; what is still in the pipes is read first
    /// (a child's grandchild may hold them open, so their end is not awaited).
    func exitIfEnded() -> ChildProcess.Exit? {
        var status: Int32 = 0
        var found: pid_t
        repeat { found = waitpid(pid, &status, WNOHANG) } while found < 0 && errno == EINTR
        guard found == pid else { return nil }
        reaped = true
        _ = readAvailable()
        let signal = status & 0x7f
        return ChildProcess.Exit(
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
            output: pipes[0].data, errors: pipes[1].data)
    }

    /// Kills the child and reaps it.
    func stop() {
        guard !reaped else { return }
        _ = kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
    }

    private static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard maeil_pipe_closing_on_exec(&ends) == 0 else {
            throw ChildProcess.Failure.cannotStart("a pipe", code: errno)
        }
        // The parent's end never blocks: it is read between sleeps.
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }
}

/// A C array of C strings ending in NULL, as `posix_spawn` takes them.
private final class CStrings {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[count] = nil
    }

    deinit {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}
