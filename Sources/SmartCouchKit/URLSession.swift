public import Foundation
import OpenAPIURLSession

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension SmartCouch {
    /// Over `URLSession`, as an app on Apple's platforms talks to the server. (On Linux,
    /// FoundationNetworking's URLSession buffers whole answers, so ``events(types:couchId:after:)``
    /// needs the AsyncHTTPClient transport there: `SmartCouchKitAsyncHTTPClient`.)
    public init(
        serverURL: URL, session: URLSession = .shared, tokens: Session.Tokens? = nil,
        tokensChanged: @escaping @Sendable (Session.Tokens?) -> Void = { _ in }
    ) {
        self.init(
            serverURL: serverURL, transport: URLSessionTransport(configuration: .init(session: session)),
            tokens: tokens, tokensChanged: tokensChanged)
    }
}
