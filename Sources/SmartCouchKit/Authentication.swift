import Foundation
import HTTPTypes
import OpenAPIRuntime

/// `Authorization: Bearer` with the session's access token on every call that takes one, and on
/// none other; a call refused with 401 is sent once more with a renewed token when its body can be
/// sent again. A call that needs a session while none is signed in is not sent at all.
struct Authentication: ClientMiddleware {
    let session: Session

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if SmartCouch.operationsWithoutSession.contains(operationID) { return try await next(request, body, baseURL) }
        guard let (token, generation) = await session.current() else {
            if SmartCouch.operationsWithOptionalSession.contains(operationID) { return try await next(request, body, baseURL) }
            throw SessionError.signedOut
        }
        let answer = try await next(Self.request(request, bearing: token), body, baseURL)
        guard answer.0.status == .unauthorized, (body?.iterationBehavior ?? .multiple) == .multiple else { return answer }
        let renewed = try await session.renewed(after: token, generation: generation)
        return try await next(Self.request(request, bearing: renewed), body, baseURL)
    }

    private static func request(_ request: HTTPRequest, bearing token: String) -> HTTPRequest {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return request
    }
}

extension SmartCouch {
    /// The operations swagger.yaml declares with `security: []`: they take no token, so none is
    /// sent (a stay link's page, search, images, sign-in itself). A test holds this to the contract.
    package static let operationsWithoutSession: Set<String> = [
        "register", "login", "refresh", "createUser", "linkedStay", "checkOutByStayLink", "linkedStayScenes", "runSceneByStayLink",
        "stayPageStylesheet", "ratingsOfCouch", "ratingSummaryOfCouch", "couchAvailability", "couchRules", "couchPrices",
        "couchCalendar", "searchCouches", "getCouch", "couchesOfUser", "couchesInCityExceptUser", "getImage", "health", "ready",
        "contract", "consoleSignInPage", "consoleSignIn", "consoleStylesheet", "consoleScript"
    ]
    /// Those that answer anyone and a signed-in user more.
    package static let operationsWithOptionalSession: Set<String> = ["couchQuote"]
}
