import Vapor

/// Turns errors into the answers openHAB's runtime gives: its own error bodies, an empty 404 for unknown
/// paths, 405 for a known path with the wrong method, and 400 for a body that does not decode.
struct ErrorMiddleware: AsyncMiddleware {
    let routes: Routes

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let failure as RESTFailure {
            return .failure(failure)
        } catch is RouteNotFound {
            let allowed = allowedMethods(for: request)
            guard !allowed.isEmpty else { return .empty(.notFound) }
            let response = Response.empty(.methodNotAllowed)
            response.headers.replaceOrAdd(name: .allow, value: allowed.map(\.rawValue).joined(separator: ", "))
            return response
        } catch is DecodingError {
            return .empty(.badRequest)
        } catch let abort as any AbortError where abort.status.code < 500 {
            return .empty(abort.status)
        } catch {
            request.logger.error("simulator failed: \(error)")
            return .failure(RESTFailure(status: 500, message: "\(error)"))
        }
    }

    private func allowedMethods(for request: Request) -> [HTTPMethod] {
        let path = request.url.path.split(separator: "/").map(String.init)
        return routes.all.filter { route in matches(route.path, path) }.map(\.method)
    }

    private func matches(_ pattern: [PathComponent], _ path: [String]) -> Bool {
        for (index, component) in pattern.enumerated() {
            switch component {
            case .catchall: return index < path.count
            case .constant(let text): if index >= path.count || path[index] != text { return false }
            case .parameter, .anything: if index >= path.count { return false }
            }
        }
        return pattern.count == path.count
    }
}
