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
}
