import Foundation
import HTTPTransport
import Testing

/// A URL checked before it is ever called (a webhook's, when it is registered): its form and every
/// address its host resolves to, as the transport would judge them.
@Suite struct AddressCheckTests {
    static let publicOnly = Egress(.webhook, reach: .publicOnly)
    static let privateAllowed = Egress(.webhook, reach: .privateAllowed)

    func check(_ url: String, _ egress: Egress) async -> TransportFailure? {
        do {
            try await egress.check(URL(string: url)!, within: .seconds(60))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        "127.0.0.1", "[::1]", "localhost", "2130706433", "0x7f000001", "127.1", "[::ffff:127.0.0.1]", "0.0.0.0", "[::]", "10.1.2.3",
        "169.254.169.254", "[fe80::1]"
    ])
    func internalAddressesInAnySpellingAreRefused(host: String) async {
        let failure = await check("http://\(host):8080/hook", Self.publicOnly)
        #expect(failure.map { if case .refused = $0 { true } else { false } } == true, "\(host): \(String(describing: failure))")
    }

    @Test func privateAddressesPassWhenAllowedButLinkLocalNever() async {
        #expect(await check("http://127.0.0.1:8080/hook", Self.privateAllowed) == nil)
        #expect(await check("http://localhost:8080/hook", Self.privateAllowed) == nil)
        #expect(await check("http://169.254.169.254/latest/meta-data/", Self.privateAllowed) != nil)
    }

    @Test func aPublicAddressPasses() async {
        #expect(await check("https://93.184.215.14/hook", Self.publicOnly) == nil)
    }

    @Test(arguments: ["ftp://93.184.215.14/hook", "http://user:pw@93.184.215.14/hook"])
    func whatNoCallWouldSendIsRefused(url: String) async {
        #expect(await check(url, Self.publicOnly) != nil)
    }
}
