/// `/rest/things` (openHAB's ThingResource), and the control API's handle on the devices.
extension Hub {
    func thingDTOs(summary: Bool) -> [ThingDTO] {
        things.map { dto($0, summary: summary) }
    }

    func thingDTO(_ uid: String) throws(RESTFailure) -> ThingDTO {
        dto(things[try thingIndex(uid)], summary: false)
    }

    func thingStatus(_ uid: String) throws(RESTFailure) -> StatusInfoDTO {
        things[try thingIndex(uid)].status
    }

    /// `PUT /rest/things/{uid}/enable`: a disabled thing is UNINITIALIZED (DISABLED) and its device takes no
    /// commands; enabled again, it initializes and comes back as its device is.
    func setEnabled(_ uid: String, _ enabled: Bool) throws(RESTFailure) -> ThingDTO {
        let index = try thingIndex(uid)
        let thing = things[index]
        if enabled, let previous = thing.statusBeforeDisabling {
            things[index].statusBeforeDisabling = nil
            try setStatus(of: uid, to: StatusInfoDTO(status: "INITIALIZING", statusDetail: "NONE"))
            try setStatus(of: uid, to: previous)
        } else if !enabled, thing.statusBeforeDisabling == nil {
            things[index].statusBeforeDisabling = thing.status
            try setStatus(of: uid, to: StatusInfoDTO(status: "UNINITIALIZED", statusDetail: "DISABLED"))
        }
        return dto(things[index], summary: false)
    }

    /// A malformed UID is a 400 (openHAB 5.1 and later), an unknown one openHAB's JSON 404.
    private func thingIndex(_ uid: String) throws(RESTFailure) -> Int {
        if let problem = Names.thingUIDProblem(uid) { throw RESTFailure(status: 400, message: problem) }
        guard let index = things.firstIndex(where: { $0.uid == uid }) else { throw .thingNotFound(uid) }
        return index
    }

    /// Sets a thing's status as its binding would, announcing it. A thing coming back ONLINE reports its
    /// channels again, as bindings refresh on reconnecting.
    func setStatus(of uid: String, to status: StatusInfoDTO) throws(RESTFailure) {
        guard let index = things.firstIndex(where: { $0.uid == uid }) else { throw .thingNotFound(uid) }
        let old = things[index].status
        things[index].status = status
        publish("openhab/things/\(uid)/status", "ThingStatusInfoEvent", status)
        guard old != status else { return }
        publish("openhab/things/\(uid)/statuschanged", "ThingStatusInfoChangedEvent", [status, old])
        if things[index].isOnline, old.status != "ONLINE" {
            for channel in things[index].template.channels {
                report(thing: index, channel: channel.id)
            }
        }
    }

    /// The world changed a device (a door opened, the room cooled): it reports a new channel value.
    func setChannelValue(of uid: String, channel id: String, to text: String) throws(RESTFailure) {
        guard let index = things.firstIndex(where: { $0.uid == uid }) else { throw .thingNotFound(uid) }
        guard let channel = things[index].template.channel(id) else {
            throw RESTFailure(status: 404, message: "Channel \(uid):\(id) does not exist!")
        }
        guard
            let value = channel.itemType.parseState(text, timeZone: timeZone)
                .flatMap({ channel.itemType.holding($0, previous: things[index].values[id] ?? .null) })
        else { throw .unparseableState(text) }
        setDeviceValue(value, thing: index, channel: id)
    }

    private func dto(_ thing: Thing, summary: Bool) -> ThingDTO {
        ThingDTO(
            label: thing.label,
            configuration: summary ? nil : thing.configuration,
            properties: [:],
            UID: thing.uid,
            thingTypeUID: thing.template.thingTypeUID,
            location: thing.location,
            channels: summary
                ? nil
                : thing.template.channels.map { channel in
                    let uid = "\(thing.uid):\(channel.id)"
                    return ChannelDTO(
                        linkedItems: linkedItemNames(of: uid), uid: uid, id: channel.id,
                        channelTypeUID: channel.channelTypeUID, itemType: channel.itemType.text, kind: "STATE",
                        label: channel.label, defaultTags: [], properties: [:], configuration: [:]
                    )
                },
            statusInfo: thing.status,
            editable: true
        )
    }
}
