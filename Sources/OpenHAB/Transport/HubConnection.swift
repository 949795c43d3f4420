import Foundation
import HTTPTransport
import OpenHABModels
import ServiceContextModule

/// One hub's address and credentials, and what every call to it shares: headers, deadline, egress,
/// error mapping.
struct HubConnection: Sendable {
    let baseURL: URL
    let token: String?
    var requestTimeout: Duration
    let egress: Egress
    var transport: any Transport

    typealias Reply = HTTPReply

    enum Body {
        case json(Data)
        case text(String)
    }

    func send(
        _ method: String,
        _ path: String,
        query: [URLQueryItem] = [],
        body: Body? = nil
    ) async throws(OpenHABError) -> Reply {
        do {
            return try await transport.send(makeRequest(method, path, query: query, body: body))
        } catch {
            throw OpenHABError(error)
        }
    }

    func makeRequest(
        _ method: String,
        _ path: String,
        query: [URLQueryItem] = [],
        body: Body? = nil
    ) -> HTTPRequest {
        var request = HTTPRequest(
            method: method, url: baseURL.appending(encodedPath: path, query: query), egress: egress, timeout: requestTimeout)
        request.headers["Accept"] = "application/json"
        if let token, !token.isEmpty {
            request.headers["Authorization"] = "Bearer \(token)"
        }
        // The hub's own log can then be matched with ours.
        if let requestID = ServiceContext.current?.requestID {
            request.headers["X-Request-Id"] = requestID
        }
        switch body {
        case .json(let data):
            request.headers["Content-Type"] = "application/json"
            request.body = data
        case .text(let text):
            request.headers["Content-Type"] = "text/plain"
            request.body = Data(text.utf8)
        case nil:
            break
        }
        return request
    }
}

extension HubConnection.Reply {
    /// Fails with the error the status stands for unless it is one of `expected`.
    func expect(_ expected: Int...) throws(OpenHABError) {
        guard expected.contains(status) else { throw OpenHABError(status: status, body: body) }
    }

    func decode<Value: Decodable>(_ type: Value.Type) throws(OpenHABError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw .undecodable(String(describing: error))
        }
    }
}

extension OpenHABError {
    init(status: Int, body: Data) {
        let message = HubErrorMessage.from(body)
        switch status {
        case 400: self = .rejected(message: message)
        case 401, 403: self = .unauthorized(status: status, message: message)
        case 404: self = .notFound(message: message)
        default: self = .unexpectedStatus(status, message: message)
        }
    }

    init(_ failure: TransportFailure) {
        switch failure {
        case .timeout: self = .timeout
        case .cancelled: self = .cancelled
        default: self = .transport(failure)
        }
    }
}

/// openHAB's error body is `{"error":{"message":…,"http-code":…}}`; some errors have no body at all.
enum HubErrorMessage {
    private struct Envelope: Decodable {
        struct Detail: Decodable { let message: String? }
        let error: Detail
    }

    static func from(_ body: Data) -> String? {
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: body) {
            return envelope.error.message
        }
        let text = String(decoding: body.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
