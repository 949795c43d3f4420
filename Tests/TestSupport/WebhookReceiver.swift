import Foundation
import NIOCore
import Vapor

/// A host's webhook endpoint on 127.0.0.1: every path is an endpoint of its own, which notes each
/// delivery whole (headers and body bytes) and answers as the test scripted it, 200 once the
/// script is used up.
public final class WebhookReceiver: Sendable {
    public enum Answer: Sendable {
        case status(Int)
        /// 200 after a megabyte of body, more than a sender reads.
        case okWithLargeBody
        /// No answer until `release()` (or the receiver stops); then 200.
        case hang
    }

    public struct Delivery: Sendable {
        public var headers: [String: String]
        public var body: Data
        /// What it was answered; nil while it hangs.
        public var status: Int?

        public func header(_ name: String) -> String? { headers[name.lowercased()] }
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public let baseURL: URL
    private let app: Application
    private let journal: Journal

    actor Journal {
        var scripts: [String: [Answer]] = [:]
        var deliveries: [String: [Delivery]] = [:]
        var inFlight: [String: Int] = [:]
        var mostAtOnce: [String: Int] = [:]
        var released = false
        var waiting: [CheckedContinuation<Void, Never>] = []

        /// Notes the delivery and takes the next answer of its path's script; the delivery's index.
        func arrive(_ path: String, _ delivery: Delivery) -> (Int, Answer) {
            deliveries[path, default: []].append(delivery)
            inFlight[path, default: 0] += 1
            mostAtOnce[path] = max(mostAtOnce[path] ?? 0, inFlight[path] ?? 0)
            let answer = scripts[path]?.isEmpty == false ? scripts[path]!.removeFirst() : .status(200)
            return (deliveries[path]!.count - 1, answer)
        }

        func answered(_ path: String, _ index: Int, _ status: Int) {
            deliveries[path]?[index].status = status
            inFlight[path, default: 1] -= 1
        }

        func script(_ answers: [Answer], for path: String) { scripts[path, default: []] += answers }

        func waitForRelease() async {
            if released { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            released = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    public static func start() async throws -> WebhookReceiver {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .error
        let journal = Journal()
        app.on(.POST, "**", body: .collect(maxSize: "1mb")) { request async -> Response in
            let path = request.url.path
            let headers = Dictionary(request.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
            let body = request.body.data.map { Data($0.readableBytesView) } ?? Data()
            let (index, answer) = await journal.arrive(path, Delivery(headers: headers, body: body, status: nil))
            switch answer {
            case .status(let code):
                await journal.answered(path, index, code)
                return Response(status: HTTPResponseStatus(statusCode: code), body: .init(string: "{}"))
            case .okWithLargeBody:
                await journal.answered(path, index, 200)
                return Response(status: .ok, body: .init(string: String(repeating: "x", count: 1 << 20)))
            case .hang:
                await journal.waitForRelease()
                await journal.answered(path, index, 200)
                return Response(status: .ok)
            }
        }
        return WebhookReceiver(app: app, journal: journal, baseURL: try await app.startOnLoopback())
    }

    private init(app: Application, journal: Journal, baseURL: URL) {
        self.app = app
        self.journal = journal
        self.baseURL = baseURL
    }

    /// The endpoint at `path` (`/a`), as a URL to register.
    public func url(_ path: String) -> String { baseURL.absoluteString + path }

    /// How the endpoint at `path` answers its next deliveries, in turn.
    public func script(_ answers: [Answer], for path: String) async { await journal.script(answers, for: path) }

    /// What the endpoint at `path` received, in the order it arrived.
    public func deliveries(_ path: String) async -> [Delivery] { await journal.deliveries[path] ?? [] }

    /// The most deliveries the endpoint at `path` had unanswered at one time.
    public func mostAtOnce(_ path: String) async -> Int { await journal.mostAtOnce[path] ?? 0 }

    /// Answers every delivery that hangs, now and from now on.
    public func release() async { await journal.release() }

    public func stop() async throws {
        await journal.release()
        try await app.stopServing()
    }
}

/// Runs `body` with a webhook receiver, stopping it after.
public func withWebhookReceiver<T>(_ body: (WebhookReceiver) async throws -> T) async throws -> T {
    let receiver = try await WebhookReceiver.start()
    do {
        let result = try await body(receiver)
        try await receiver.stop()
        return result
    } catch {
        try? await receiver.stop()
        throw error
    }
}
