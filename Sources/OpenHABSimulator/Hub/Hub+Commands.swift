import Foundation

/// Commands, and what openHAB's AutoUpdateManager and the bindings make of them.
extension Hub {
    /// `POST /rest/items/{name}`: answers once the command is on the bus, as openHAB does.
    func command(_ name: String, _ text: String) throws(RESTFailure) {
        guard let item = items[name] else { throw .itemNotFound(name) }
        guard let command = parseCommand(toggled(text, item), for: item) else { throw .badRequest }
        var visited: Set<String> = []
        dispatch(command, to: name, visited: &visited)
    }

    /// openHAB's REST layer turns TOGGLE (any case) into ON/OFF or UP/DOWN from the current state; with no
    /// such state it stays TOGGLE, which no type parses.
    private func toggled(_ text: String, _ item: Item) -> String {
        guard text.lowercased() == "toggle" else { return text }
        switch (item.type.base, item.state) {
        case (.switch, .onOff(let on)): return on ? "OFF" : "ON"
        case (.rollershutter, .percent(let position)) where position == 0: return "DOWN"
        case (.rollershutter, .percent(let position)) where position == 100: return "UP"
        default: return text
        }
    }

    /// A Group without a base type accepts what every member accepts.
    func parseCommand(_ text: String, for item: Item) -> Value? {
        guard item.type.base == .group, item.groupType == nil else {
            return item.valueType.parseCommand(text, timeZone: timeZone)
        }
        let parsed = members(of: item.name).map { $0.valueType.parseCommand(text, timeZone: timeZone) }
        guard let first = parsed.first, parsed.allSatisfy({ $0 != nil }) else { return nil }
        return first
    }

    func dispatch(_ command: Value, to name: String, visited: inout Set<String>) {
        guard let item = items[name], visited.insert(name).inserted else { return }
        publish("openhab/items/\(name)/command", "ItemCommandEvent", ValuePayload(command))
        if item.type.base == .group {
            // Groups pass commands on to their members and never update themselves.
            for member in members(of: name) {
                if let memberCommand = member.valueType.parseCommand(command.text, timeZone: timeZone) {
                    dispatch(memberCommand, to: member.name, visited: &visited)
                }
            }
            return
        }
        let channels = links.keys.filter { $0.itemName == name }.compactMap { channel($0.channelUID) }
        let online = channels.filter { things[$0.thing].isOnline }
        switch (autoupdateOverride(of: name), channels.isEmpty, online.isEmpty) {
        case (true, _, _), (nil, true, _):
            // Autoupdate: nothing will report back (or the metadata says so), so the command is the new state.
            update(name, with: command)
        case (false, _, _), (nil, false, true):
            // Nobody will act on it (or the metadata vetoes it): the prediction is that nothing changes.
            publish("openhab/items/\(name)/statepredicted", "ItemStatePredictedEvent", Prediction(item.state, confirmation: true))
        case (nil, false, false):
            if let predicted = item.valueType.holding(command, previous: item.state) {
                publish("openhab/items/\(name)/statepredicted", "ItemStatePredictedEvent", Prediction(predicted, confirmation: false))
            }
        }
        for (thing, channel) in online {
            handle(command, thing: thing, channel: channel)
        }
    }

    /// What the binding does with a command for one of its channels.
    private func handle(_ command: Value, thing: Int, channel: ChannelTemplate) {
        if command == .refresh {
            report(thing: thing, channel: channel.id)
            return
        }
        // The link does not check types; the channel reads the command as its own type.
        guard !channel.readOnly, let parsed = channel.itemType.parseCommand(command.text, timeZone: timeZone) else { return }
        let behaviour = things[thing].template.behaviour
        if behaviour == .shutter {
            // STOP and UP/DOWN are no positions: the motor, not the state, takes them.
            steer(thing, parsed)
            return
        }
        guard let value = channel.itemType.holding(parsed, previous: things[thing].values[channel.id] ?? .null) else { return }
        switch behaviour {
        case .lock where channel.id == "lock": actuate(value, thing: things[thing].uid, channel: channel.id)
        case .lamp: light(thing, value)
        default: setDeviceValue(value, thing: thing, channel: channel.id)
        }
    }

    /// A lock's motor takes a moment before the lock reports the new state.
    private func actuate(_ value: Value, thing uid: String, channel: String) {
        let id = UUID()
        let delay = timing.lockActuation
        actuations[id] = Task { [weak self] in
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            await self?.finishActuation(id, value, thing: uid, channel: channel)
        }
    }

    private func finishActuation(_ id: UUID, _ value: Value, thing uid: String, channel: String) {
        actuations.removeValue(forKey: id)
        guard let index = things.firstIndex(where: { $0.uid == uid }), things[index].isOnline else { return }
        setDeviceValue(value, thing: index, channel: channel)
    }

    /// The device's value changed: the binding reports it to every item linked to the channel.
    func setDeviceValue(_ value: Value, thing: Int, channel: String) {
        things[thing].values[channel] = value
        report(thing: thing, channel: channel)
    }

    func report(thing: Int, channel: String) {
        guard let value = things[thing].values[channel] else { return }
        let channelUID = "\(things[thing].uid):\(channel)"
        for name in linkedItemNames(of: channelUID) {
            guard let item = items[name], let state = item.valueType.parseState(value.text, timeZone: timeZone) else { continue }
            update(name, with: state)
        }
    }

    /// Thermostats and air conditioners that are on move their reading toward the setpoint.
    func driftTemperatures() {
        for index in things.indices where things[index].template.behaviour == .climate && things[index].isOnline {
            let values = things[index].values
            guard case .onOff(on: true) = values["power"],
                case .quantity(let target, _) = values["setpoint"],
                case .quantity(let current, let unit) = values["temperature"],
                current != target
            else { continue }
            let step = Decimal.rounded(timing.thermostatStep, places: 2)
            let next = current < target ? min(current + step, target) : max(current - step, target)
            setDeviceValue(.quantity(next, unit), thing: index, channel: "temperature")
        }
    }
}

/// `{"predictedType":…,"predictedValue":…,"isConfirmation":…}`
struct Prediction: Encodable {
    var predictedType: String
    var predictedValue: String
    var isConfirmation: Bool

    init(_ value: Value, confirmation: Bool) {
        predictedType = value.typeName
        predictedValue = value.text
        isConfirmation = confirmation
    }
}
