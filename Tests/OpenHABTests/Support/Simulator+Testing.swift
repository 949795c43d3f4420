import Foundation
import HTTPTransport
import OpenHAB
import OpenHABSimulator
import TestSupport

extension OpenHABSimulator {
    func client(token: String? = Token.admin, requestTimeout: Duration = .seconds(5)) -> OpenHABClient {
        OpenHABClient(baseURL: baseURL, token: token, requestTimeout: requestTimeout, egress: .trusted(.hub))
    }
}

func name(_ text: String) throws -> ItemName {
    try ItemName(text)
}

func channel(_ text: String) throws -> ChannelUID {
    try ChannelUID(text)
}
