import Testing

@testable import SmartCouchDomain

@Suite struct WebhookRetryTests {
    static let standard = WebhookRetry(firstRetry: .seconds(45), maxAttempts: 12)

    @Test func retriesDoubleFromTheFirstAndStopAtTheLastAttempt() {
        let delays = (1...12).map { Self.standard.delay(afterAttempts: $0) }
        #expect(delays.prefix(4) == [.seconds(45), .seconds(90), .seconds(180), .seconds(360)])
        #expect(delays[10] == .seconds(45 * 1024) && delays[11] == nil)
    }

    @Test func theScheduleSpansAboutADay() {
        // 45 s × (2¹¹ − 1): from the first attempt to the twelfth.
        #expect(Self.standard.span == .seconds(92_115))
        #expect(Self.standard.span == (1...11).compactMap { Self.standard.delay(afterAttempts: $0) }.reduce(.zero, +))
    }

    @Test func aDisabledEndpointSaysWhy() {
        #expect(
            Self.standard.disabledReason(eventId: 1234, last: "HTTP 500")
                == "disabled after 12 failed attempts over 1 day to deliver event 1234; last: HTTP 500")
        #expect(
            WebhookRetry(firstRetry: .milliseconds(10), maxAttempts: 3).disabledReason(eventId: 7, last: "HTTP 503")
                == "disabled after 3 failed attempts to deliver event 7; last: HTTP 503")
    }

    @Test(
        "spans in their largest whole unit",
        arguments: [
            (Duration.seconds(1), String?("1 second")), (.seconds(59), "59 seconds"), (.seconds(60), "1 minute"), (.seconds(7200), "2 hours"),
            (.seconds(172_800), "2 days"), (.milliseconds(999), nil)
        ])
    func words(duration: Duration, text: String?) {
        #expect(WebhookRetry.words(duration) == text)
    }
}
