import Foundation

/// `/rest/items`: openHAB's ItemResource.
extension Hub {
    func itemDTOs(type: String?, tags: [String], recursive: Bool, metadata selector: MetadataSelector, linkBase: String) -> [ItemDTO] {
        let wanted = tags.map { $0.lowercased() }
        return items.values
            .filter { item in type.map { item.type.text == $0 } ?? true }
            .filter { item in
                let have = item.tags.map { $0.lowercased() }
                return wanted.allSatisfy(have.contains)
            }
            .sorted { $0.name < $1.name }
            .map { dto($0, recursive: recursive, linkBase: linkBase, metadata: selector) }
    }

    func itemDTO(_ name: String, recursive: Bool, metadata selector: MetadataSelector, linkBase: String) throws(RESTFailure) -> ItemDTO {
        guard let item = items[name] else { throw .itemNotFound(name) }
        return dto(item, recursive: recursive, linkBase: linkBase, metadata: selector)
    }

    /// `staticDataOnly=true`: every item without its state (or members), for a client to cache, and when the
    /// list last changed, for `If-Modified-Since`.
    func staticItemDTOs(metadata selector: MetadataSelector, linkBase: String) -> (items: [ItemDTO], modified: Date) {
        let dtos = items.values.sorted { $0.name < $1.name }.map { item in
            var dto = dto(item, recursive: false, linkBase: linkBase, metadata: selector)
            dto.onlyFields = ItemDTO.staticFields
            return dto
        }
        return (dtos, staticItemsModified)
    }

    func stateText(of name: String) throws(RESTFailure) -> String {
        guard let item = items[name] else { throw .itemNotFound(name) }
        return item.state.text
    }

    /// Creates or replaces an item. The replacement starts from NULL: openHAB does not carry the old state over.
    func putItem(_ spec: SimulatorConfiguration.Item, pathName: String, linkBase: String) throws(RESTFailure) -> (ItemDTO, created: Bool) {
        let item = try Self.item(from: spec, pathName: pathName)
        let old = items[pathName]
        if let old, !old.managed { throw .notManaged(pathName) }
        items.removeValue(forKey: pathName)
        // The answer to PUT leaves out `editable` and metadata.
        let answer = dto(item, recursive: false, linkBase: linkBase, withEditable: false)
        if let old {
            replace(old, with: item)
        } else {
            items[item.name] = item
            itemsChanged()
            publish("openhab/items/\(item.name)/added", "ItemAddedEvent", dto(item, recursive: false, linkBase: nil))
        }
        return (answer, old == nil)
    }

    /// Puts a changed item in place of `old` and announces it, as openHAB's registry update does.
    func replace(_ old: Item, with item: Item) {
        items[item.name] = item
        itemsChanged()
        publish(
            "openhab/items/\(item.name)/updated", "ItemUpdatedEvent",
            [dto(item, recursive: false, linkBase: nil), dto(old, recursive: false, linkBase: nil)])
    }

    /// Deletes a managed item and its metadata; its links stay, as openHAB's registries leave them.
    func deleteItem(_ name: String) throws(RESTFailure) {
        guard let item = items[name], item.managed else { throw .notFound }
        items.removeValue(forKey: name)
        metadata.removeValue(forKey: name)
        itemsChanged()
        publish("openhab/items/\(name)/removed", "ItemRemovedEvent", dto(item, recursive: false, linkBase: nil))
    }

    /// `PUT /rest/items/{name}/state`: sets the state as a binding would, whatever the links.
    func updateState(of name: String, to text: String) throws(RESTFailure) {
        guard let item = items[name] else { throw .itemNotFound(name) }
        guard let value = item.valueType.parseState(text, timeZone: timeZone) else { throw .unparseableState(text) }
        update(name, with: value)
    }

    /// An item state update (openHAB's ItemStateEvent and ItemUpdater): `state`, then `stateupdated`, then
    /// `statechanged` if it changed. A value the item cannot hold, such as a quantity of another dimension,
    /// is announced and then dropped.
    func update(_ name: String, with value: Value) {
        guard var item = items[name], item.valueType.stateKinds.contains(value.kind) else { return }
        publish("openhab/items/\(name)/state", "ItemStateEvent", ValuePayload(value))
        guard let state = item.valueType.holding(value, previous: item.state) else { return }
        let now = Date()
        let previous = item.state
        let previousUpdate = item.lastStateUpdate
        let previousChange = item.lastStateChange
        item.lastStateUpdate = now
        if state != previous {
            item.lastState = previous
            item.lastStateChange = now
        }
        item.state = state
        items[name] = item
        if version.sendsStateUpdated {
            publish("openhab/items/\(name)/stateupdated", "ItemStateUpdatedEvent", ValuePayload(state, lastStateUpdate: eventTime(previousUpdate)))
        }
        if state != previous {
            publish(
                "openhab/items/\(name)/statechanged", "ItemStateChangedEvent",
                ChangePayload(state: state, old: previous, lastStateUpdate: eventTime(previousUpdate), lastStateChange: eventTime(previousChange))
            )
        }
    }

    /// Builds an item from a PUT body (or configuration), with openHAB's checks: the body's name must match the
    /// path ignoring case, be a valid name, and name a known type (case-sensitive).
    static func item(from spec: SimulatorConfiguration.Item, pathName: String) throws(RESTFailure) -> Item {
        guard spec.name.lowercased() == pathName.lowercased(),
            Names.isValidItemName(spec.name),
            let type = HubItemType(spec.type)
        else { throw .badRequest }
        var groupType: HubItemType?
        if type.base == .group, let base = spec.groupType {
            guard let parsed = HubItemType(base), parsed.base != .group else { throw .badRequest }
            groupType = parsed
        }
        return Item(
            name: spec.name, type: type, label: spec.label, category: spec.category,
            tags: spec.tags ?? [], groupNames: spec.groupNames ?? [],
            groupType: groupType, function: groupType == nil ? nil : spec.function
        )
    }

    /// An item as the items resource shows it, with the metadata `selector` picks (none: no `metadata`).
    func dto(
        _ item: Item, recursive: Bool, linkBase: String?, withEditable: Bool = true, metadata selector: MetadataSelector = .none,
        visited: Set<String> = []
    ) -> ItemDTO {
        let reportsLastState = version.reportsLastState
        var dto = ItemDTO(
            link: linkBase.map { "\($0)/rest/items/\(item.name)" },
            state: item.state.text,
            unitSymbol: item.valueType.unit?.symbol,
            stateDescription: stateDescription(of: item),
            lastState: reportsLastState ? item.lastState?.text : nil,
            lastStateUpdate: reportsLastState ? item.lastStateUpdate?.epochMilliseconds : nil,
            lastStateChange: reportsLastState ? item.lastStateChange?.epochMilliseconds : nil,
            editable: withEditable ? item.managed : nil,
            type: item.type.text,
            name: item.name,
            label: item.label,
            category: item.category,
            tags: item.tags,
            groupNames: item.groupNames,
            groupType: item.groupType?.text,
            function: item.function,
            metadata: metadataDTOs(of: item.name, selector)
        )
        if item.type.base == .group {
            let visited = visited.union([item.name])
            dto.members =
                recursive
                ? members(of: item.name).filter { !visited.contains($0.name) }.map {
                    self.dto($0, recursive: true, linkBase: linkBase, withEditable: withEditable, metadata: selector, visited: visited)
                }
                : []
        }
        return dto
    }

    /// A linked channel's description wins; otherwise openHAB's default patterns (since 4.2).
    private func stateDescription(of item: Item) -> StateDescriptionDTO? {
        let linked = links.keys
            .filter { $0.itemName == item.name }
            .sorted { $0.channelUID < $1.channelUID }
            .lazy
            .compactMap { self.channel($0.channelUID)?.channel.stateDescription }
            .first
        if let linked { return linked }
        let type = item.valueType
        let pattern: String? =
            switch type.base {
            case .number: type.unit == nil ? "%.0f" : "%.0f %unit%"
            case .string: "%s"
            case .dateTime: "%1$tY-%1$tm-%1$td %1$tH:%1$tM:%1$tS"
            default: nil
            }
        return pattern.map { StateDescriptionDTO(pattern: $0, readOnly: false) }
    }
}

/// `{"type":"OnOff","value":"ON"}`, the payload of command and state events; times as `EventTime` writes them.
struct ValuePayload: Encodable {
    var type: String
    var value: String
    var lastStateUpdate: String?

    init(_ value: Value, lastStateUpdate: String? = nil) {
        type = value.typeName
        self.value = value.text
        self.lastStateUpdate = lastStateUpdate
    }
}

struct ChangePayload: Encodable {
    var type: String
    var value: String
    var oldType: String
    var oldValue: String
    var lastStateUpdate: String?
    var lastStateChange: String?

    init(state: Value, old: Value, lastStateUpdate: String?, lastStateChange: String?) {
        type = state.typeName
        value = state.text
        oldType = old.typeName
        oldValue = old.text
        self.lastStateUpdate = lastStateUpdate
        self.lastStateChange = lastStateChange
    }
}
