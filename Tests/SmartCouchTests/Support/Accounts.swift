import Foundation
import Testing

/// A registered user and the tokens from their registration.
struct Account: Sendable {
    let id: UUID
    let email: String
    let password: String
    let accessToken: String
    let refreshToken: String
}

extension ServerDriver {
    func register(_ name: String = "Ada Lovelace", email: String? = nil, password: String = "correct horse battery") async throws -> Account {
        let email = email ?? "\(name.lowercased().replacingOccurrences(of: " ", with: "."))+\(UUID().uuidString.prefix(6))@example.com"
        let response = try await send(.POST, "/auth/register", json: ["email": email, "password": password, "name": name])
        #expect(response.status == .created, "register: \(response.text)")
        let body = try response.json
        let user = try #require(body["user"] as? [String: Any])
        return Account(
            id: try #require(UUID(uuidString: user["id"] as? String ?? "")),
            email: email, password: password,
            accessToken: try #require(body["accessToken"] as? String),
            refreshToken: try #require(body["refreshToken"] as? String))
    }

    func login(_ email: String, _ password: String) async throws -> TestResponse {
        try await send(.POST, "/auth/login", json: ["email": email, "password": password])
    }
}
