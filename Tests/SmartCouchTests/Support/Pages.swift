import Foundation
import NIOHTTP1
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// How a browser asks for a page.
enum Pages {
    static let browser = [("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")]
}
