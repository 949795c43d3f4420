/// `/rest/links`: openHAB's ItemChannelLinkResource.
extension Hub {
    func linkDTOs(itemName: String?, channelUID: String?) -> [LinkDTO] {
        links
            .filter { key, _ in itemName.map { key.itemName == $0 } ?? true }
            .filter { key, _ in channelUID.map { key.channelUID == $0 } ?? true }
            .sorted { ($0.key.itemName, $0.key.channelUID) < ($1.key.itemName, $1.key.channelUID) }
            .map { LinkDTO(itemName: $0.key.itemName, channelUID: $0.key.channelUID, configuration: $0.value, editable: true) }
    }

    /// `GET /rest/links/orphans`: `{"itemChannelLink": {…}, "problem": "ITEM_MISSING"}` for each link whose
    /// item was deleted (openHAB's registry keeps such links).
    func orphanLinks() -> [OrphanLinkDTO] {
        linkDTOs(itemName: nil, channelUID: nil)
            .filter { items[$0.itemName] == nil }
            .map { OrphanLinkDTO(itemChannelLink: $0, problem: "ITEM_MISSING") }
    }

    func linkDTO(_ itemName: String, _ channelUID: String) throws(RESTFailure) -> LinkDTO {
        guard let configuration = links[LinkKey(itemName: itemName, channelUID: channelUID)] else {
            throw .linkNotFound(itemName, channelUID)
        }
        return LinkDTO(itemName: itemName, channelUID: channelUID, configuration: configuration, editable: true)
    }

    /// Creates or updates a link. openHAB checks that the item, thing and channel exist (not that their types
    /// fit) and answers every refusal with an empty 400. An ONLINE thing's binding reports the channel at once.
    func putLink(_ itemName: String, _ channelUID: String, body: LinkBody?) throws(RESTFailure) {
        guard items[itemName] != nil,
            Names.channelUIDProblem(channelUID) == nil,
            let (thing, channel) = channel(channelUID),
            body?.itemName.map({ $0 == itemName }) ?? true,
            body?.channelUID.map({ $0 == channelUID }) ?? true
        else { throw .badRequest }
        let key = LinkKey(itemName: itemName, channelUID: channelUID)
        let isNew = links[key] == nil
        links[key] = body?.configuration ?? [:]
        if isNew {
            publish("openhab/links/\(itemName)-\(channelUID)/added", "ItemChannelLinkAddedEvent", linkPayload(key))
        }
        if things[thing].isOnline {
            report(thing: thing, channel: channel.id)
        }
    }

    func deleteLink(_ itemName: String, _ channelUID: String) throws(RESTFailure) {
        guard Names.channelUIDProblem(channelUID) == nil else { throw .badRequest }
        let key = LinkKey(itemName: itemName, channelUID: channelUID)
        guard links[key] != nil else { throw .linkNotFound(itemName, channelUID) }
        removeLink(key)
    }

    /// Removes every link of an item, or of a thing's channels; answers how many.
    func deleteLinks(of itemOrThing: String) -> Int {
        let doomed = links.keys.filter { key in
            key.itemName == itemOrThing || key.channelUID.hasPrefix("\(itemOrThing):")
        }
        doomed.forEach(removeLink)
        return doomed.count
    }

    private func removeLink(_ key: LinkKey) {
        let payload = linkPayload(key)
        links.removeValue(forKey: key)
        publish("openhab/links/\(key.itemName)-\(key.channelUID)/removed", "ItemChannelLinkRemovedEvent", payload)
    }

    private func linkPayload(_ key: LinkKey) -> LinkDTO {
        LinkDTO(itemName: key.itemName, channelUID: key.channelUID, configuration: links[key] ?? [:])
    }
}
