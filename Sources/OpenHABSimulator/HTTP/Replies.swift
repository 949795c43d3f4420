import Vapor

extension Response {
    static func json(_ value: some Encodable, status: HTTPResponseStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json"], body: .init(data: JSON.encode(value)))
    }

    static func empty(_ status: HTTPResponseStatus) -> Response {
        Response(status: status)
    }

    static func text(_ text: String) -> Response {
        Response(status: .ok, headers: ["Content-Type": "text/plain; charset=UTF-8"], body: .init(string: text))
    }

    /// openHAB's error answer: `{"error":{"message":…,"http-code":…}}`, or no body at all.
    static func failure(_ failure: RESTFailure) -> Response {
        let status = HTTPResponseStatus(statusCode: failure.status)
        guard let message = failure.message else { return .empty(status) }
        return .json(ErrorBody(error: .init(message: message, httpCode: failure.status)), status: status)
    }
}

private struct ErrorBody: Encodable {
    struct Detail: Encodable {
        var message: String
        var httpCode: Int

        enum CodingKeys: String, CodingKey {
            case message
            case httpCode = "http-code"
        }
    }

    var error: Detail
}

extension Request {
    /// The scheme and authority the client used, for the `link` fields openHAB puts in its answers.
    var linkBase: String {
        "http://\(headers.first(name: .host) ?? "127.0.0.1")"
    }

    /// A boolean query parameter as JAX-RS reads it: "true" in any case is true, anything else false.
    /// (Vapor's own decoding would take a missing flag for false.)
    func flag(_ name: String, default fallback: Bool) -> Bool {
        query[String.self, at: name].map { $0.lowercased() == "true" } ?? fallback
    }

    /// A command or state as `POST /rest/items/{name}` and `PUT …/state` take it: plain text, or since
    /// openHAB 5.0 `{"value": …, "source": …}`.
    func valueText() throws(RESTFailure) -> String {
        switch headers.contentType {
        case .some(let type) where type == .json:
            struct Body: Decodable { let value: String }
            guard let body = try? content.decode(Body.self) else { throw .badRequest }
            return body.value
        case .some(let type) where type != .plainText:
            throw RESTFailure(status: 415, message: nil)
        default:
            return body.string ?? ""
        }
    }
}
