import Foundation

/// Where an outbound call may connect. Every request states one; the transport checks the address
/// it actually connects to (after DNS, on every new or reused connection), not the name in the URL.
public struct Egress: Sendable, Hashable, CustomStringConvertible {
    /// What the call is for: an operator allows private addresses per purpose.
    public enum Purpose: String, Sendable, Hashable, CaseIterable {
        case hub, weather, calendar, webhook
    }

    public enum Reach: Sendable, Hashable {
        /// An address the operator configured: used as given.
        case anyAddress
        /// Public and private (LAN, loopback) addresses; never link-local, multicast or unspecified.
        case privateAllowed
        /// Public addresses only.
        case publicOnly
    }

    public var purpose: Purpose
    public var reach: Reach

    public init(_ purpose: Purpose, reach: Reach) {
        self.purpose = purpose
        self.reach = reach
    }

    /// For a URL the operator configured (`OPENHAB_URL`, a weather base URL).
    public static func trusted(_ purpose: Purpose) -> Egress {
        Egress(purpose, reach: .anyAddress)
    }

    public func permits(_ address: IPAddress) -> Bool {
        switch (reach, address.scope) {
        case (.anyAddress, _), (_, .global): true
        case (.privateAllowed, .loopback), (.privateAllowed, .private): true
        default: false
        }
    }

    public var description: String { "\(purpose.rawValue) (\(reach))" }
}

/// The operator's choice of purposes that may reach private and loopback addresses
/// (`OUTBOUND_ALLOW_PRIVATE=hub,calendar`); everything users supply is otherwise public-only.
public struct EgressPolicy: Sendable, Hashable {
    public var privateAllowed: Set<Egress.Purpose>

    public init(privateAllowed: Set<Egress.Purpose> = []) {
        self.privateAllowed = privateAllowed
    }

    /// Parses a comma list of purposes; throws naming the first word that is not one.
    public init(parsing list: String) throws(UnknownPurpose) {
        var purposes: Set<Egress.Purpose> = []
        for word in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !word.isEmpty {
            guard let purpose = Egress.Purpose(rawValue: word.lowercased()) else { throw UnknownPurpose(word: word) }
            purposes.insert(purpose)
        }
        privateAllowed = purposes
    }

    public struct UnknownPurpose: Error, Sendable {
        public var word: String
    }

    /// For a URL a user supplied.
    public func egress(for purpose: Egress.Purpose) -> Egress {
        Egress(purpose, reach: privateAllowed.contains(purpose) ? .privateAllowed : .publicOnly)
    }
}
