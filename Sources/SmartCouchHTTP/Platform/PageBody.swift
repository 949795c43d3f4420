import SmartCouchDomain
import Vapor

/// One page of a list, as every paginated endpoint answers.
struct PageBody<Item: Content>: Content {
    var items: [Item]
    /// Send as `cursor` for the next page; absent on the last page.
    var nextCursor: String?

    init<Source>(_ page: Page<Source>, _ body: (Source) -> Item) {
        items = page.items.map(body)
        nextCursor = page.next?.token
    }
}
