import Vapor

/// `Cache-Control: no-store` on answers that are someone's own: tokens, door codes, a stay link,
/// anything behind a bearer token or a session cookie. Neither a shared cache nor the browser's
/// history keeps them. An answer that sets its own `Cache-Control` keeps it.
struct NoStoreMiddleware: AsyncMiddleware {
    /// Only answers to requests that carry credentials (a bearer token, or a cookie such as the
    /// console's session), errors included: installed around every route.
    var onlyWithCredentials = false

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        if onlyWithCredentials, !request.headers.contains(name: .authorization), !request.headers.contains(name: .cookie) { return response }
        if !response.headers.contains(name: .cacheControl) { response.headers.replaceOrAdd(name: .cacheControl, value: "no-store") }
        return response
    }
}
