import HTTPTransport
import Testing

@Suite struct IPAddressTests {
    @Test(arguments: [
        ("8.8.8.8", IPAddress.Scope.global), ("2a00:1450:4001::1", .global),
        ("127.0.0.1", .loopback), ("127.255.0.9", .loopback), ("::1", .loopback), ("::ffff:127.0.0.1", .loopback),
        ("10.1.2.3", .private), ("172.31.255.1", .private), ("192.168.0.1", .private), ("100.100.0.1", .private), ("fd12::1", .private),
        ("172.32.0.1", .global), ("100.128.0.1", .global),
        ("0.0.0.0", .special), ("::", .special), ("169.254.169.254", .special), ("fe80::1", .special), ("224.0.0.1", .special),
        ("255.255.255.255", .special), ("ff02::1", .special), ("192.0.2.1", .special), ("2001:db8::1", .special),
        ("::ffff:10.0.0.1", .private), ("64:ff9b::7f00:1", .loopback), ("2002:a9fe:a9fe::", .special), ("::127.0.0.1", .loopback)
    ])
    func scopes(text: String, scope: IPAddress.Scope) throws {
        let address = try #require(IPAddress(text))
        #expect(address.scope == scope, "\(text)")
    }

    @Test func unparseableTextIsNoAddress() {
        #expect(IPAddress("localhost") == nil)
        #expect(IPAddress("127.1") == nil, "libcurl reports peers in full form; a short form is not a peer")
    }

    @Test func operatorPurposesParse() throws {
        #expect(try EgressPolicy(parsing: "hub, Calendar").privateAllowed == [.hub, .calendar])
        #expect(try EgressPolicy(parsing: "").privateAllowed.isEmpty)
        #expect(throws: EgressPolicy.UnknownPurpose.self) { try EgressPolicy(parsing: "hub,intranet") }
        #expect(EgressPolicy(privateAllowed: [.hub]).egress(for: .hub).reach == .privateAllowed)
        #expect(EgressPolicy(privateAllowed: [.hub]).egress(for: .webhook).reach == .publicOnly)
    }
}
