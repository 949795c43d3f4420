import CCurl
import CCurlShim
import Foundation

/// Owns one libcurl multi handle and the thread that drives it. Other threads only enqueue
/// commands and wake the thread; every easy handle is touched on this thread alone.
final class CurlMulti: @unchecked Sendable {
    private enum Command {
        case add(CurlTransfer)
        case cancel(CurlTransfer)
        case stop
    }

    private let multi: UnsafeMutableRawPointer
    private let certificateAuthorities: String?
    private let commands = Locked<[Command]>([])
    // Used on the curl thread only.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    init(maxConnectionsPerHost: Int, maxConnections: Int, certificateAuthorities: String?) {
        CurlGlobal.initialize()
        guard let multi = curl_multi_init() else { fatalError("libcurl could not create a multi handle") }
        self.multi = multi
        self.certificateAuthorities = certificateAuthorities
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, maxConnectionsPerHost)
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, maxConnections)
        let thread = Thread { [self] in run() }
        thread.name = "libcurl"
        thread.start()
    }

    func add(_ transfer: CurlTransfer) {
        enqueue(.add(transfer))
    }

    func cancel(_ transfer: CurlTransfer) {
        enqueue(.cancel(transfer))
    }

    /// Ends the thread once nobody can send through it any more; what is in flight is cancelled.
    func stop() {
        enqueue(.stop)
    }

    private func enqueue(_ command: Command) {
        commands.withLock { $0.append(command) }
        curl_multi_wakeup(multi)
    }

    private func run() {
        while true {
            for command in commands.withLock({ queue in
                defer { queue = [] }
                return queue
            }) {
                switch command {
                case .add(let transfer): start(transfer)
                case .cancel(let transfer): stop(transfer)
                case .stop:
                    for easy in Array(active.keys) { finish(easy) { $0.cancelled() } }
                    curl_multi_cleanup(multi)
                    return
                }
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let result = message.pointee.data.result
                finish(easy) { $0.complete(result) }
            }
            curl_multi_poll(multi, nil, 0, endOverdue(), nil)
        }
    }

    /// libcurl times a transfer from when it starts to connect, so one queued behind a host's
    /// connection limit would wait past its caller's deadline: transfers whose deadline passed end
    /// here. Answers how long the thread may wait before the next deadline, in milliseconds.
    private func endOverdue() -> Int32 {
        let now = ContinuousClock.now
        var wait = Duration.seconds(1)
        for (easy, transfer) in active {
            guard let deadline = transfer.deadline else { continue }
            if deadline <= now {
                finish(easy) { $0.complete(CURLE_OPERATION_TIMEDOUT) }
            } else {
                wait = min(wait, deadline - now)
            }
        }
        return Int32(CurlTransfer.milliseconds(wait))
    }

    private func start(_ transfer: CurlTransfer) {
        // A cancel can overtake its add.
        if transfer.cancelRequested {
            transfer.cancelled()
            return
        }
        guard let easy = transfer.makeHandle(certificateAuthorities: certificateAuthorities) else {
            transfer.complete(CURLE_FAILED_INIT)
            return
        }
        active[easy] = transfer
        curl_multi_add_handle(multi, easy)
    }

    private func stop(_ transfer: CurlTransfer) {
        transfer.cancelRequested = true
        guard let easy = transfer.handle, active[easy] === transfer else { return }
        finish(easy) { $0.cancelled() }
    }

    private func finish(_ easy: UnsafeMutableRawPointer, _ outcome: (CurlTransfer) -> Void) {
        guard let transfer = active.removeValue(forKey: easy) else { return }
        curl_multi_remove_handle(multi, easy)
        outcome(transfer)
        transfer.releaseHandle()
    }
}

/// libcurl's process-wide setup, done once before any handle exists.
enum CurlGlobal {
    private static let done: Void = {
        curl_global_init(Int(CURL_GLOBAL_ALL))
        // With CURLOPT_NOSIGNAL libcurl no longer ignores SIGPIPE, and OpenSSL may raise it.
        signal(SIGPIPE, SIG_IGN)
    }()

    static func initialize() { _ = done }
}
