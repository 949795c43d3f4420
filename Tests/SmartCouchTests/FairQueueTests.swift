import Testing

@testable import SmartCouchServices

@Suite struct FairQueueTests {
    @Test func ownersTakeTurnsAndNoneHoldsMoreThanItsShare() {
        var queue = FairQueue(["a1", "a2", "a3", "a4", "b1", "c1", "c2"], owner: { $0.prefix(1) }, perOwner: 2)
        var handed: [String] = []
        while let (_, item) = queue.next() { handed.append(item) }
        // Every owner's first item before anyone's second; a's third waits until one of a's is done.
        #expect(handed == ["a1", "b1", "c1", "a2", "c2"])
        #expect(queue.remaining == 2)
        queue.finished("a")
        #expect(queue.next()?.item == "a3")
        #expect(queue.next() == nil)
        queue.finished("c")
        #expect(queue.next() == nil, "c's room does not go to a")
        queue.finished("a")
        #expect(queue.next()?.item == "a4")
        #expect(queue.remaining == 0)
    }

    @Test func drainingDoesEveryItemOnceAndStopsStartingWhenTold() async {
        var queue = FairQueue(Array(0..<20), owner: { $0 % 3 }, perOwner: 2)
        var done: [Int] = []
        await queue.drain(concurrency: 4, { $0 * 10 }, done: { done.append($0) })
        #expect(done.sorted() == (0..<20).map { $0 * 10 })
        #expect(queue.remaining == 0)

        var stopped = FairQueue(Array(0..<20), owner: { $0 % 3 }, perOwner: 2)
        var started = 0
        await stopped.drain(concurrency: 4, mayStart: { started < 5 }, { $0 }, done: { _ in started += 1 })
        #expect(stopped.remaining > 0 && stopped.remaining < 20)
    }
}
