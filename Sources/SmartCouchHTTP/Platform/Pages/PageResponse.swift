import Vapor

extension Request {
    /// Whether the caller would rather have HTML than JSON: a browser says `text/html` outright;
    /// an API client sends `application/json`, `*/*` or nothing.
    var prefersHTML: Bool {
        var html = 0.0
        var json = 0.0
        for media in headers.accept {
            let weight = media.q ?? 1
            switch (media.mediaType.type.lowercased(), media.mediaType.subType.lowercased()) {
            case ("text", "html"), ("text", "*"): html = max(html, weight)
            case ("application", "json"), ("application", "*"), ("*", "*"): json = max(json, weight)
            default: continue
            }
        }
        return html > json
    }
}

/// A rendered page with the headers every page of ours carries. The stay link's token is in the
/// URL, so no referrer leaves (not even to the map site); only this origin's stylesheet and
/// images load; nobody may frame the page; nothing is cached.
enum PageResponse {
    static let contentSecurityPolicy = [
        "default-src 'none'", "style-src 'self'", "img-src 'self'", "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'"
    ].joined(separator: "; ")
    /// For a page with our live script: that file, and the event stream it opens, from this origin only.
    static let liveContentSecurityPolicy = contentSecurityPolicy + "; script-src 'self'; connect-src 'self'"

    static func render(
        _ template: String, _ context: some Encodable, status: HTTPResponseStatus = .ok, headers extra: HTTPHeaders = [:],
        live: Bool = false, with views: PageViews, for request: Request
    ) async throws -> Response {
        let view = try await views.render(template, context)
        var headers = extra
        headers.replaceOrAdd(name: .contentType, value: "text/html; charset=utf-8")
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
        headers.replaceOrAdd(name: .contentSecurityPolicy, value: live ? liveContentSecurityPolicy : contentSecurityPolicy)
        headers.replaceOrAdd(name: .xContentTypeOptions, value: "nosniff")
        headers.replaceOrAdd(name: .vary, value: "Accept, Accept-Language")
        return Response(status: status, headers: headers, body: .init(buffer: view.data))
    }
}

/// What renders our pages' templates, made once at start: while the server stops, its requests in
/// flight still get their pages after the application has let go of its own renderer. LeafKit's
/// renderer holds only constants and a cache that locks, so one serves every request; it is not
/// marked Sendable, hence the unchecked conformance.
struct PageViews: @unchecked Sendable {
    let renderer: any ViewRenderer

    func render(_ template: String, _ context: some Encodable) async throws -> View {
        try await renderer.render(template, context).get()
    }
}
