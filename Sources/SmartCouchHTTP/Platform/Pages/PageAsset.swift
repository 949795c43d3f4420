import Vapor

/// A file our pages load from `pages/assets`, read once: a stylesheet, the console's live script.
/// Pages load nothing else but images.
struct PageAsset: Sendable {
    let text: String
    let contentType: String

    init(_ file: URL, contentType: String) throws {
        text = try String(contentsOf: file, encoding: .utf8)
        self.contentType = contentType
    }

    @Sendable func serve(_ request: Request) async throws -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: contentType)
        headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=3600")
        headers.replaceOrAdd(name: .xContentTypeOptions, value: "nosniff")
        return Response(status: .ok, headers: headers, body: .init(string: text))
    }
}
