/// Work of many owners handed out in turns: each owner's items in their order, owners taking turns,
/// and no owner with more than `perOwner` items out at once, so one owner with many slow items
/// (a host with a hundred hanging feeds) cannot hold every worker while others wait.
struct FairQueue<Owner: Hashable, Item> {
    private var waiting: [Owner: [Item]] = [:]
    private var inFlight: [Owner: Int] = [:]
    /// Owners in the order their turns come round.
    private var turns: [Owner] = []
    private var nextTurn = 0
    let perOwner: Int

    init(_ items: some Sequence<Item>, owner: (Item) -> Owner, perOwner: Int) {
        self.perOwner = max(1, perOwner)
        for item in items {
            let key = owner(item)
            if waiting[key] == nil { turns.append(key) }
            waiting[key, default: []].append(item)
        }
        for key in turns { waiting[key]?.reverse() }
    }

    /// Items not handed out yet.
    var remaining: Int { waiting.values.reduce(0) { $0 + $1.count } }

    /// The next item whose owner has room, taking it out; nil when every owner with items waiting
    /// is at their limit (or nothing waits).
    mutating func next() -> (owner: Owner, item: Item)? {
        guard !turns.isEmpty else { return nil }
        for offset in 0..<turns.count {
            let index = (nextTurn + offset) % turns.count
            let key = turns[index]
            guard inFlight[key, default: 0] < perOwner, let item = waiting[key]?.popLast() else { continue }
            inFlight[key, default: 0] += 1
            nextTurn = (index + 1) % turns.count
            return (key, item)
        }
        return nil
    }

    /// An item of `owner` handed out earlier is done, which makes room for another of theirs.
    mutating func finished(_ owner: Owner) {
        inFlight[owner, default: 1] -= 1
    }
}

extension FairQueue where Owner: Sendable, Item: Sendable {
    /// Does `work` on the items, `concurrency` at once, handing them out fairly; starts no more
    /// once `mayStart` says no (what is left stays in the queue). Hands each result to `done`.
    mutating func drain<Result: Sendable>(
        concurrency: Int, mayStart: () -> Bool = { true }, _ work: @escaping @Sendable (Item) async -> Result, done: (Result) -> Void
    ) async {
        await withTaskGroup(of: (owner: Owner, result: Result).self) { group in
            var running = 0
            while true {
                while running < concurrency, mayStart(), let (owner, item) = next() {
                    group.addTask { (owner, await work(item)) }
                    running += 1
                }
                guard let (owner, result) = await group.next() else { return }
                running -= 1
                finished(owner)
                done(result)
            }
        }
    }
}
