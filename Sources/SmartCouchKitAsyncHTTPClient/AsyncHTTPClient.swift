public import AsyncHTTPClient
public import Foundation
import OpenAPIAsyncHTTPClient
public import SmartCouchKit

extension SmartCouch {
    /// Over AsyncHTTPClient, as a server-side system (a host's property manager) talks to it, on
    /// Linux as on Apple's platforms.
    public init(
        serverURL: URL, httpClient: HTTPClient, tokens: Session.Tokens? = nil,
        tokensChanged: @escaping @Sendable (Session.Tokens?) -> Void = { _ in }
    ) {
        self.init(
            serverURL: serverURL, transport: AsyncHTTPClientTransport(configuration: .init(client: httpClient)),
            tokens: tokens, tokensChanged: tokensChanged)
    }
}
