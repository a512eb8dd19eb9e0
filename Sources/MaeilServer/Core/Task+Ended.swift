import NIOConcurrencyHelpers

extension Task where Success == Void, Failure == Never {
    /// Waits for the task to end, at most `limit`; false if it had not.
    func ended(within limit: Duration) async -> Bool {
        let waiting = NIOLockedValueBox<CheckedContinuation<Bool, Never>?>(nil)
        let answer: @Sendable (Bool) -> Void = { ended in
            waiting.withLockedValue { waiter in
                defer { waiter = nil }
                return waiter
            }?.resume(returning: ended)
        }
        return await withCheckedContinuation { continuation in
            waiting.withLockedValue { $0 = continuation }
            let timer = Task<Void, Never> {
                guard (try? await Task<Never, Never>.sleep(for: limit)) != nil else { return }
                answer(false)
            }
            Task<Void, Never> {
                await self.value
                answer(true)
                timer.cancel()
            }
        }
    }
}
