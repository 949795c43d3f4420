import Vapor

/// Runs a request's middleware and its route in one task.
///
/// Vapor starts a task of its own for each `AsyncMiddleware` and each async route, and hands the
/// answer from one to the next through a future: a dozen tasks a request, each started on Swift's
/// cooperative pool and each answer woken back on the event loop, two thread hops apiece. Here the
/// middleware call one another directly (`InlineResponder`) in a single task. The task stays on the
/// cooperative pool rather than preferring the request's event loop: that saved a little more, but
/// a request's longer work (a calendar feed parsed, a page rendered) would then hold up every
/// connection on its loop.
struct RequestTask: Middleware {
    private let middleware: [any AsyncMiddleware]

    /// `middleware` in the order requests pass them.
    init(_ middleware: [any AsyncMiddleware]) {
        self.middleware = middleware
    }

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let promise = request.eventLoop.makePromise(of: Response.self)
        let chain = InlineResponder(middleware[...], then: next)
        promise.completeWithTask { try await chain.respond(to: request) }
        return promise.futureResult
    }
}

/// `middleware`, then `last`, all in the calling task.
struct InlineResponder: AsyncResponder {
    private let middleware: ArraySlice<any AsyncMiddleware>
    private let last: any Responder

    init(_ middleware: ArraySlice<any AsyncMiddleware>, then last: any Responder) {
        self.middleware = middleware
        self.last = last
    }

    func respond(to request: Request) async throws -> Response {
        if let first = middleware.first {
            return try await first.respond(to: request, chainingTo: InlineResponder(middleware.dropFirst(), then: last))
        }
        if let last = last as? any AsyncResponder {
            return try await last.respond(to: request)
        }
        return try await last.respond(to: request).get()
    }
}

extension RoutesBuilder {
    /// Routes behind `middleware`, which runs in the request's own task (see `RequestTask`),
    /// where `grouped(_:)` would start a task for each.
    func grouped(inline middleware: any AsyncMiddleware...) -> any RoutesBuilder {
        InlineGroup(root: self, middleware: middleware)
    }
}

private struct InlineGroup: RoutesBuilder {
    let root: any RoutesBuilder
    let middleware: [any AsyncMiddleware]

    func add(_ route: Route) {
        route.responder = InlineResponder(middleware[...], then: route.responder)
        root.add(route)
    }
}
