import Vapor

/// `GET /rest/events`: the event bus as server-sent events, filtered by `topics`, with `alive` pings.
struct EventRoutes {
    let hub: Hub
    let aliveInterval: Duration

    func register(on routes: any RoutesBuilder) {
        routes.get("rest", "events") { request async throws -> Response in
            try request.require(.user)
            guard let filter = TopicFilter(request.query[String.self, at: "topics"]) else { throw RESTFailure.badRequest }
            // Subscribed before the answer's head goes out, so whatever happens after a client sees it is sent.
            let (id, messages) = await hub.subscribe()
            let alive = "event: alive\ndata: \(JSON.string(Alive(interval: max(1, aliveInterval.components.seconds))))\n\n"
            let headers: HTTPHeaders = ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"]
            return Response(
                status: .ok, headers: headers,
                body: .init(asyncStream: { [hub] writer in
                    // openHAB commits the answer's head as soon as it subscribed. Vapor sends the head with
                    // the first body bytes, so an `alive` goes out at once rather than after the interval.
                    // A failed write means the client went away.
                    if (try? await writer.write(.buffer(ByteBuffer(string: alive)))) != nil {
                        for await message in messages {
                            let frame: String
                            switch message {
                            case .event(let event) where filter.matches(event.topic):
                                frame = "event: message\ndata: \(JSON.string(event))\n\n"
                            case .event:
                                continue
                            case .alive:
                                frame = alive
                            }
                            do { try await writer.write(.buffer(ByteBuffer(string: frame))) } catch { break }
                        }
                    }
                    await hub.unsubscribe(id)
                    try? await writer.write(.end)
                }))
        }
    }

    private struct Alive: Encodable {
        var type = "ALIVE"
        var interval: Int64
    }
}

/// openHAB's topic filter: comma-separated topics where `*` matches anything (`/` included) and a topic must
/// match whole. Only word characters, `*`, `/`, `,`, `:`, `-` and spaces are allowed.
struct TopicFilter {
    private let patterns: [[Character]]?

    init?(_ query: String?) {
        guard let query, !query.isEmpty else {
            self.init(patterns: nil)
            return
        }
        self.init(query.split(separator: ",").map(String.init))
    }

    /// The same topics as a list (the event WebSocket's filter).
    init?(_ topics: [String]) {
        guard topics.allSatisfy({ $0.utf8.allSatisfy { $0.isWord || "*/:- ".utf8.contains($0) } }) else { return nil }
        self.init(patterns: topics.map { Array($0.trimmingCharacters(in: .whitespaces)) }.filter { !$0.isEmpty })
    }

    private init(patterns: [[Character]]?) {
        self.patterns = patterns
    }

    func matches(_ topic: String) -> Bool {
        guard let patterns else { return true }
        let topic = Array(topic)
        return patterns.contains { Self.glob($0, topic) }
    }

    private static func glob(_ pattern: [Character], _ text: [Character]) -> Bool {
        var (p, t) = (0, 0)
        var star: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let last = star {
                star = (last.pattern, last.text + 1)
                (p, t) = (last.pattern + 1, last.text + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
