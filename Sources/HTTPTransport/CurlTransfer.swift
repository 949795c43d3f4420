import CCurl
import CCurlShim
import Foundation

/// One request's easy handle and everything libcurl's callbacks need. Created by the caller,
/// then used on the curl thread only (hence unchecked), which also resumes the caller exactly once.
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    /// Set for a stream: how long it may stay silent.
    let idleTimeout: Duration?
    /// When the whole call ends, counted from when it was asked for; for a stream, when its head
    /// must have come, after which only its `idleTimeout` bounds it.
    var deadline: ContinuousClock.Instant? { idleTimeout == nil || opened != nil ? due : nil }
    private let due: ContinuousClock.Instant

    var replied: CheckedContinuation<Result<HTTPReply, TransportFailure>, Never>?
    var opened: CheckedContinuation<Result<HTTPStream, TransportFailure>, Never>?
    var onConsumerGone: (@Sendable () -> Void)?
    var cancelRequested = false

    private(set) var handle: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    /// The address the egress refused, when it did.
    private var refusedAddress: String?
    private var tooLarge = false
    /// The body reached `maxResponseBytes` of a request that truncates: reading stopped there.
    private var truncated = false
    /// The stream's consumer fell `HTTPStream.maxUnreadBytes` behind.
    private var overrun = false
    private var status = 0
    private var body = Data()
    private var headers: [String: String] = [:]
    private var streamBody: AsyncThrowingStream<Data, any Error>.Continuation?

    init(_ request: HTTPRequest, streaming idleTimeout: Duration?) {
        self.request = request
        self.idleTimeout = idleTimeout
        due = .now + request.timeout
        errorText.initialize(to: 0)
    }

    deinit {
        errorText.deallocate()
    }

    // MARK: Setting up

    func makeHandle(certificateAuthorities: String?) -> UnsafeMutableRawPointer? {
        guard let easy = curl_easy_init() else { return nil }
        handle = easy
        let context = Unmanaged.passUnretained(self).toOpaque()

        _ = ccurl_setopt_string(easy, CURLOPT_URL, request.url.absoluteString)
        _ = ccurl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorText)
        _ = ccurl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = ccurl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = ccurl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        // A proxy from the environment would be all the egress check ever sees.
        _ = ccurl_setopt_string(easy, CURLOPT_PROXY, "")
        _ = ccurl_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
        _ = ccurl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
        if let certificateAuthorities { _ = ccurl_setopt_string(easy, CURLOPT_CAINFO, certificateAuthorities) }
        _ = ccurl_setopt_long(easy, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1)
        // An announced length over the limit fails before the head is read; a truncating call wants the head.
        if !request.truncatesResponse { _ = ccurl_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxResponseBytes)) }

        let timeout = Self.milliseconds(request.timeout)
        _ = ccurl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, timeout)
        if let idleTimeout {
            _ = ccurl_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
            _ = ccurl_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, Int(idleTimeout.seconds.rounded(.up))))
        } else {
            _ = ccurl_setopt_long(easy, CURLOPT_TIMEOUT_MS, timeout)
        }

        setMethodAndBody(easy)
        // Without it libcurl waits for a "100 Continue" before sending a large body.
        var headers = request.headers.map { "\($0.key): \($0.value)" } + ["Expect:"]
        if request.headers.keys.contains(where: { $0.lowercased() == "accept" }) == false { headers.append("Accept: */*") }
        for line in headers { headerList = curl_slist_append(headerList, line) }
        _ = ccurl_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList)

        _ = ccurl_setopt_write_function(
            easy, CURLOPT_WRITEFUNCTION,
            { buffer, size, count, context in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().received(buffer, size * count)
            })
        _ = ccurl_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        _ = ccurl_setopt_write_function(
            easy, CURLOPT_HEADERFUNCTION,
            { buffer, size, count, context in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().receivedHeader(buffer, size * count)
            })
        _ = ccurl_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        _ = ccurl_setopt_opensocket_function(
            easy,
            { context, _, address in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().openSocket(address)
            })
        _ = ccurl_setopt_pointer(easy, CURLOPT_OPENSOCKETDATA, context)
        // A reused connection skips the open-socket check: judge the peer again before each request.
        _ = ccurl_setopt_prereq_function(
            easy,
            { context, peer, _, _, _ in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().mayProceed(to: peer)
            })
        _ = ccurl_setopt_pointer(easy, CURLOPT_PREREQDATA, context)
        return easy
    }

    private func setMethodAndBody(_ easy: UnsafeMutableRawPointer) {
        switch request.method {
        case "GET": break
        case "HEAD": _ = ccurl_setopt_long(easy, CURLOPT_NOBODY, 1)
        case "POST": _ = ccurl_setopt_long(easy, CURLOPT_POST, 1)
        default: _ = ccurl_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method)
        }
        guard request.method == "POST" || request.body != nil else { return }
        let body = request.body ?? Data()
        _ = ccurl_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
        // Copied by libcurl, so the bytes need not outlive this call.
        body.withUnsafeBytes { bytes in
            _ = ccurl_setopt_pointer(
                easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(errorText)))
        }
    }

    static func milliseconds(_ duration: Duration) -> Int {
        max(1, Int((duration.seconds * 1000).rounded(.up)))
    }

    // MARK: Callbacks, on the curl thread

    private func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>?) -> curl_socket_t {
        guard let address else { return CURL_SOCKET_BAD }
        var bytes = [UInt8](repeating: 0, count: 16)
        let length = Int(ccurl_address_bytes(address, &bytes))
        guard let ip = IPAddress(bytes: Array(bytes.prefix(length))), request.egress.permits(ip) else {
            refusedAddress = IPAddress(bytes: Array(bytes.prefix(length)))?.description ?? "an address of family \(address.pointee.family)"
            return CURL_SOCKET_BAD
        }
        return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
    }

    private func mayProceed(to peer: UnsafeMutablePointer<CChar>?) -> Int32 {
        let text = peer.map { String(cString: $0) } ?? ""
        guard let ip = IPAddress(text), request.egress.permits(ip) else {
            refusedAddress = text
            return Int32(CURL_PREREQFUNC_ABORT)
        }
        return Int32(CURL_PREREQFUNC_OK)
    }

    private func receivedHeader(_ buffer: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        if count > 2, let buffer {
            let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: count), as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                headers = [:]
            } else if let colon = line.firstIndex(of: ":"), headers.count < 100 {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return count
        }
        // The blank line that ends a head; a 1xx head is followed by the real one.
        guard let handle else { return count }
        var code = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
        guard code >= 200 else { return count }
        status = code
        if idleTimeout != nil { openStream() }
        return count
    }

    private func received(_ buffer: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let buffer else { return count }
        let bytes = Data(bytes: buffer, count: count)
        if idleTimeout != nil {
            openStream()
            if case .dropped = streamBody?.yield(bytes) {
                overrun = true
                return 0
            }
            return count
        }
        guard body.count + count <= request.maxResponseBytes else {
            if request.truncatesResponse {
                body.append(bytes.prefix(request.maxResponseBytes - body.count))
                truncated = true
            } else {
                tooLarge = true
            }
            return 0
        }
        body.append(bytes)
        return count
    }

    private func openStream() {
        guard let opened else { return }
        self.opened = nil
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream(
            bufferingPolicy: .bufferingOldest(HTTPStream.maxUnreadChunks))
        continuation.onTermination = { [onConsumerGone] _ in onConsumerGone?() }
        streamBody = continuation
        opened.resume(returning: .success(HTTPStream(status: status, body: stream)))
    }

    // MARK: Ending

    func complete(_ code: CURLcode) {
        let failure = code == CURLE_OK || (code == CURLE_WRITE_ERROR && truncated) ? redirectFailure() : failure(for: code)
        if let replied {
            self.replied = nil
            replied.resume(returning: failure.map { .failure($0) } ?? .success(HTTPReply(status: status, body: body, headers: headers)))
        }
        if let opened {
            self.opened = nil
            opened.resume(returning: .failure(failure ?? .badReply("the stream ended before its head")))
        }
        if let streamBody {
            self.streamBody = nil
            if let failure { streamBody.finish(throwing: failure) } else { streamBody.finish() }
        }
    }

    func cancelled() {
        replied?.resume(returning: .failure(.cancelled))
        replied = nil
        opened?.resume(returning: .failure(.cancelled))
        opened = nil
        // A stream is cancelled when its consumer left: for it, the stream simply ends.
        streamBody?.finish()
        streamBody = nil
    }

    func releaseHandle() {
        if let handle { curl_easy_cleanup(handle) }
        handle = nil
        curl_slist_free_all(headerList)
        headerList = nil
    }

    /// A redirect is never followed; its target is not repeated either.
    private func redirectFailure() -> TransportFailure? {
        (300...399).contains(status) && status != 304 ? .redirected(status: status) : nil
    }

    private func failure(for code: CURLcode) -> TransportFailure {
        let detail =
            "\(request.method) \(request.url.host ?? "?"): \(String(cString: curl_easy_strerror(code)))"
            + (errorText.pointee == 0 ? "" : " (\(String(cString: errorText)))")
        if let refusedAddress {
            return .refused("\(request.egress) may not connect to \(refusedAddress)")
        }
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: return .refused(detail)
        case CURLE_OPERATION_TIMEDOUT: return .timeout
        case CURLE_WRITE_ERROR where overrun:
            return .overLimit("it sent more than \(HTTPStream.maxUnreadBytes) bytes faster than they were read")
        case CURLE_WRITE_ERROR where tooLarge, CURLE_FILESIZE_EXCEEDED:
            return .badReply("the answer is larger than \(request.maxResponseBytes) bytes")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return .tls(detail)
        case CURLE_GOT_NOTHING, CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_PARTIAL_FILE:
            return .badReply(detail)
        default:
            return .unreachable(detail)
        }
    }
}
