import Foundation
import HTTPTransport
import OpenHAB
import OpenHABModels
import OpenHABSimulator
import TestSupport

extension OpenHABSimulator {
    /// A bound far above what a call takes, so that a loaded machine does not fail it; tests of
    /// timeouts pass their own.
    func client(token: String? = Token.admin, requestTimeout: Duration = .seconds(60)) -> OpenHABClient {
        OpenHABClient(baseURL: baseURL, token: token, requestTimeout: requestTimeout, egress: .trusted(.hub))
    }
}

func name(_ text: String) throws -> ItemName {
    try ItemName(text)
}

func channel(_ text: String) throws -> ChannelUID {
    try ChannelUID(text)
}
