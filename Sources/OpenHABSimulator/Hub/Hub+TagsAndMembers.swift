/// An item's tags and group memberships changed one at a time (`/rest/items/{name}/tags/{tag}`,
/// `/rest/items/{group}/members/{member}`): openHAB updates the managed item and announces it.
extension Hub {
    /// `add` false removes it. An unknown item is openHAB's JSON 404, an item from a file an empty 405.
    func setTag(_ tag: String, on name: String, _ add: Bool) throws(RESTFailure) {
        guard let old = items[name] else { throw .itemNotFound(name) }
        guard old.managed else { throw RESTFailure(status: 405, message: nil) }
        var item = old
        item.tags.removeAll { $0 == tag }
        if add { item.tags.append(tag) }
        replace(old, with: item)
    }

    /// Here every refusal is an empty 404 (the group missing or no group, the member missing), but for a
    /// member from a file, an empty 405.
    func setMembership(of member: String, in group: String, _ add: Bool) throws(RESTFailure) {
        guard items[group]?.type.base == .group, let old = items[member] else { throw .notFound }
        guard old.managed else { throw RESTFailure(status: 405, message: nil) }
        var item = old
        item.groupNames.removeAll { $0 == group }
        if add { item.groupNames.append(group) }
        replace(old, with: item)
    }
}
