import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a TCP connection to 127.0.0.1:`port` is refused right now. Asked with a bare socket, because HTTP
/// clients retry refused connections until their deadline.
func isRefusingConnections(port: Int) -> Bool {
    #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    return result != 0 && errno == ECONNREFUSED
}

/// Copies of the descriptors of this process's sockets on `port`: what a child process started now would
/// inherit, as NIO does not open sockets close-on-exec. The caller closes them.
func copiesOfSockets(onPort port: Int) -> [Int32] {
    #if canImport(Glibc)
        let open = "/proc/self/fd"
    #else
        let open = "/dev/fd"
    #endif
    let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: open)) ?? []).compactMap { Int32($0) }
    return candidates.compactMap { candidate in
        let copy = fcntl(candidate, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return nil }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(copy, $0, &length) }
        }
        guard named == 0, Int32(address.sin_family) == AF_INET, Int(UInt16(bigEndian: address.sin_port)) == port else {
            close(copy)
            return nil
        }
        return copy
    }
}
