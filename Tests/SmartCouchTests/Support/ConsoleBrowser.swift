import Foundation
import NIOHTTP1
import Testing

/// A browser at the host's console, as far as the server can tell: it asks for HTML, keeps the
/// cookies it is given (by name, for the paths it visits) and sends forms as a browser does.
final class ConsoleBrowser: @unchecked Sendable {
    let server: any ServerDriver
    private(set) var cookies: [String: String] = [:]
    /// The anti-forgery token of the last page that had a form.
    private(set) var formToken: String?

    init(_ server: any ServerDriver) { self.server = server }

    /// Opens the sign-in page and signs in; the answer is the sign-in form's.
    @discardableResult
    func signIn(_ email: String, _ password: String, next: String = "/console") async throws -> TestResponse {
        let page = try await get("/console/login")
        #expect(page.status == .ok, "\(page.text)")
        return try await post("/console/login", ["email": email, "password": password, "next": next])
    }

    func get(_ path: String) async throws -> TestResponse {
        try await remember(try await server.send(.GET, path, headers: headers()))
    }

    /// Which anti-forgery token a form carries.
    enum FormToken {
        /// The one of the page last seen, as the page's own form would.
        case page
        case none
        case sent(String)
    }

    func post(_ path: String, _ fields: [String: String] = [:], token: FormToken = .page) async throws -> TestResponse {
        var fields = fields
        switch token {
        case .page: fields["csrf"] = formToken
        case .none: break
        case .sent(let token): fields["csrf"] = token
        }
        let body = fields.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }.joined(separator: "&")
        return try await remember(
            try await server.send(.POST, path, body: Data(body.utf8), contentType: "application/x-www-form-urlencoded", headers: headers()))
    }

    /// Follows the 303 a form answered with.
    func follow(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestResponse {
        #expect(response.status == .seeOther, "\(response.status): \(response.text)", sourceLocation: sourceLocation)
        let location = try #require(response.headers.first(name: "Location"), sourceLocation: sourceLocation)
        return try await get(location)
    }

    func forget(_ name: String) { cookies[name] = nil }
    func set(_ name: String, _ value: String) { cookies[name] = value }

    private func headers() -> [(String, String)] {
        var headers = [("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")]
        if !cookies.isEmpty { headers.append(("Cookie", cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))) }
        return headers
    }

    private func remember(_ response: TestResponse) -> TestResponse {
        for line in response.headers[canonicalForm: "Set-Cookie"] {
            let pair = line.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0]).trimmingCharacters(in: .whitespaces)
            let value = pair.count > 1 ? String(pair[1]) : ""
            let expired = line.contains("Max-Age=0") || value.isEmpty
            cookies[name] = expired ? nil : value
        }
        if let match = response.text.firstMatch(of: /name="csrf" value="([^"]+)"/) { formToken = String(match.1) }
        return response
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
