import Foundation
import Vapor

/// Injected trouble: requests whose path matches `pathPattern` (and whose method is `method`, when
/// given) are delayed by `latencyMs` and, with a `failStatus`, answered with that status in the shape
/// of whichever API the path belongs to. With `afterApplying`, the request takes effect first and
/// only its answer is delayed or replaced: a hub that times out or errs after doing the work. With
/// `failAfter`, that many matching requests pass untouched first: a hub that dies halfway.
struct Faults: Codable, Sendable, Equatable {
    var latencyMs: Int
    var failStatus: Int?
    /// A regular expression searched for in the request path (anchor it with `^…$` to match it whole).
    var pathPattern: String
    /// Only requests with this method, so that e.g. a failing command leaves deleting the item alone.
    var method: String?
    var afterApplying: Bool
    var failAfter: Int

    init(
        latencyMs: Int = 0, failStatus: Int? = nil, pathPattern: String = ".*", method: String? = nil, afterApplying: Bool = false, failAfter: Int = 0
    ) {
        self.latencyMs = latencyMs
        self.failStatus = failStatus
        self.pathPattern = pathPattern
        self.method = method
        self.afterApplying = afterApplying
        self.failAfter = failAfter
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        latencyMs = try container.decodeIfPresent(Int.self, forKey: .latencyMs) ?? 0
        failStatus = try container.decodeIfPresent(Int.self, forKey: .failStatus)
        pathPattern = try container.decodeIfPresent(String.self, forKey: .pathPattern) ?? ".*"
        method = try container.decodeIfPresent(String.self, forKey: .method)?.uppercased()
        afterApplying = try container.decodeIfPresent(Bool.self, forKey: .afterApplying) ?? false
        failAfter = try container.decodeIfPresent(Int.self, forKey: .failAfter) ?? 0
    }

    func matches(_ method: String, _ path: String) -> Bool {
        if let only = self.method, only != method { return false }
        guard let regex = try? Regex(pathPattern) else { return false }
        return (try? regex.firstMatch(in: path)) != nil
    }

    var isValid: Bool {
        (try? Regex(pathPattern)) != nil && latencyMs >= 0 && failAfter >= 0 && failStatus.map { (100...599).contains($0) } ?? true
    }
}

actor FaultInjector {
    private(set) var current: Faults?
    private var passed = 0

    func set(_ faults: Faults?) {
        current = faults
        passed = 0
    }

    /// The faults for a matching request, or nil while `failAfter` lets it pass.
    func take() -> Faults? {
        guard let current else { return nil }
        guard passed >= current.failAfter else {
            passed += 1
            return nil
        }
        return current
    }
}

struct FaultMiddleware: AsyncMiddleware {
    let injector: FaultInjector

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let path = request.url.path
        guard !path.hasPrefix("/_sim"), let current = await injector.current, current.matches(request.method.rawValue, path),
            let faults = await injector.take()
        else {
            return try await next.respond(to: request)
        }
        let applied = faults.afterApplying ? try await next.respond(to: request) : nil
        if faults.latencyMs > 0 {
            try await Task.sleep(for: .milliseconds(faults.latencyMs))
        }
        guard let status = faults.failStatus else {
            if let applied { return applied }
            return try await next.respond(to: request)
        }
        return Self.failure(status, path: path)
    }

    /// A failure in the shape of the API the path belongs to.
    static func failure(_ status: Int, path: String) -> Response {
        if path.hasPrefix("/data/") {
            return OpenWeatherMapReplies.failure(status)
        }
        if path.hasPrefix("/v1/") {
            return .json(OpenMeteoReplies.Failure(reason: "Simulated failure"), status: HTTPResponseStatus(statusCode: status))
        }
        return .failure(RESTFailure(status: status, message: "Simulated failure"))
    }
}
