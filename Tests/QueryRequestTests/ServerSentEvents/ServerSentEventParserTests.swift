import Foundation
import QueryRequest
import Testing

/// The cases the WHATWG specification describes ("Interpreting an event stream", "Parsing an event
/// stream" and its examples), written from its described behaviour.
@Suite(.timeLimit(.minutes(5))) struct ServerSentEventParserTests {
    private func events(_ text: String, lastEventID: String = "") -> [ServerSentEvent] {
        var parser = ServerSentEventParser(lastEventID: lastEventID)
        return parser.parse(Array(text.utf8))
    }

    private func event(_ data: String, type: String = "message", id: String = "") -> ServerSentEvent {
        ServerSentEvent(type: type, data: data, lastEventID: id)
    }

    @Test func dataLinesAreJoinedByLineFeeds() {
        #expect(events("data: YHOO\ndata: +2\ndata: 10\n\n") == [event("YHOO\n+2\n10")])
    }

    @Test func commentsFireNothingAndIdsPersistUntilReset() {
        let stream = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
        #expect(
            events(stream) == [event("first event", id: "1"), event("second event"), event(" third event")])
    }

    @Test func anEmptyDataFieldStillFiresAndTheUnterminatedLastEventIsDiscarded() {
        #expect(events("data\n\ndata\ndata\n\ndata:") == [event(""), event("\n")])
    }

    @Test func onlyOneSpaceAfterTheColonIsRemoved() {
        #expect(events("data:test\n\ndata: test\n\ndata:  test\n\n") == [event("test"), event("test"), event(" test")])
    }

    @Test(arguments: ["\n", "\r", "\r\n"])
    func everyLineEndWorks(end: String) {
        let stream = ["event: add", "data: a", "data: b", "id: 7", "", "data: c", "", ""].joined(separator: end)
        #expect(events(stream) == [event("a\nb", type: "add", id: "7"), event("c", id: "7")])
    }

    @Test func aCRAtTheEndOfAChunkAndAnLFAtTheStartOfTheNextAreOneLineEnd() {
        var parser = ServerSentEventParser()
        #expect(parser.parse(Array("data: a\r".utf8)).isEmpty)
        // Had the LF been taken for a second line end, this would dispatch an event now.
        #expect(parser.parse(Array("\ndata: b\r".utf8)).isEmpty)
        #expect(parser.parse(Array("\r".utf8)) == [event("a\nb")])
    }

    @Test func aCRFollowedByACRIsTwoLineEnds() {
        #expect(events("data: a\r\rdata: b\r\n\r\n") == [event("a"), event("b")])
    }

    @Test func oneLeadingByteOrderMarkIsSkippedEvenWhenSplit() {
        let stream = Array("\u{FEFF}data: a\n\n".utf8)
        #expect(events("\u{FEFF}data: a\n\n") == [event("a")])
        var parser = ServerSentEventParser()
        var found: [ServerSentEvent] = []
        for byte in stream { found += parser.parse([byte]) }
        #expect(found == [event("a")])
        // A second one is part of the first field's name, which is then unknown.
        #expect(events("\u{FEFF}\u{FEFF}data: a\n\ndata: b\n\n") == [event("b")])
        // Bytes that only begin a byte order mark are text.
        var partial = ServerSentEventParser()
        #expect(partial.parse([0xEF, 0xBB]).isEmpty)
        #expect(partial.parse(Array("data: x\n\n".utf8)).isEmpty)  // the field is "\u{FFFD}data"
    }

    @Test func anIdContainingNulIsIgnored() {
        #expect(events("id: 1\ndata: a\n\nid: 2\u{0}3\ndata: b\n\n") == [event("a", id: "1"), event("b", id: "1")])
    }

    @Test func theLastEventIDIsSetEvenByAnEventWithoutData() {
        var parser = ServerSentEventParser()
        #expect(parser.parse(Array("id: 5\n\n".utf8)).isEmpty)
        #expect(parser.lastEventID == "5")
        #expect(parser.parse(Array("data: a\n\n".utf8)) == [event("a", id: "5")])
    }

    @Test func theEventTypeIsResetAfterEachEventAndAfterAnEventWithoutData() {
        #expect(
            events("event: a\ndata: 1\n\ndata: 2\n\nevent: b\n\ndata: 3\n\n")
                == [event("1", type: "a"), event("2"), event("3")])
    }

    @Test func retryTakesOnlyDigits() {
        var parser = ServerSentEventParser()
        _ = parser.parse(Array("retry: 1500\n".utf8))
        #expect(parser.reconnectionDelay == .milliseconds(1500))
        for ignored in [
            "retry: 1.5\n", "retry: -1\n", "retry:\n", "retry: 1 \n", "retry:  2\n", "retry\n", "retry: 2a\n",
        ] {
            _ = parser.parse(Array(ignored.utf8))
            #expect(parser.reconnectionDelay == .milliseconds(1500), "\(ignored.debugDescription)")
        }
        _ = parser.parse(Array("retry:0\n".utf8))
        #expect(parser.reconnectionDelay == .zero)
        _ = parser.parse(Array("retry: 99999999999999999999999\n".utf8))
        #expect(parser.reconnectionDelay == .milliseconds(Int64.max))
    }

    @Test func unknownFieldsAndFieldsWithoutColonAreHandled() {
        #expect(events("foo: bar\ndata\nevent\n\n") == [event("")])
        #expect(events("Data: a\n\n").isEmpty)  // field names are case-sensitive
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
        var parser = ServerSentEventParser()
        let found = parser.parse([0x64, 0x61, 0x74, 0x61, 0x3A, 0x20, 0xC3, 0x28, 0xFF, 0x0A, 0x0A])
        #expect(found == [event("\u{FFFD}(\u{FFFD}")])
    }

    @Test func anEarlierLastEventIDIsKept() {
        #expect(events("data: a\n\n", lastEventID: "41") == [event("a", id: "41")])
    }

    @Test func aNewStreamForgetsThePartialEventButKeepsTheState() {
        var parser = ServerSentEventParser()
        _ = parser.parse(Array("retry: 10\nid: 3\n\nid: 4\ndata: lost\n".utf8))
        parser.startNewStream()
        #expect(parser.lastEventID == "3")
        #expect(parser.reconnectionDelay == .milliseconds(10))
        #expect(parser.parse(Array("\u{FEFF}data: b\n\n".utf8)) == [event("b", id: "3")])
    }

    @Test func readsAnAsyncSequenceOfChunksAndDecodesJSON() async throws {
        struct Delta: Decodable, Equatable { let text: String }
        let chunks = AsyncStream<Data> { continuation in
            for piece in ["data: {\"te", "xt\": \"hi\"}\r", "\n\r\nevent: end\ndata: {}\n\nid: 9\ndata: x"] {
                continuation.yield(Data(piece.utf8))
            }
            continuation.finish()
        }
        var iterator = ServerSentEvents(chunks).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(try first?.decodeData(as: Delta.self) == Delta(text: "hi"))
        let second = try await iterator.next()
        #expect(second?.type == "end")
        #expect(throws: ServerSentEventDataError.self) { try second?.decodeData(as: Delta.self) }
        #expect(try await iterator.next() == nil)
        #expect(iterator.lastEventID == "")  // the unterminated event's id was never dispatched
    }

    @Test func readsByteArraysAndSlices() async throws {
        let bytes = Array("data: a\n\ndata: b\n\n".utf8)
        let arrays = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(bytes[..<5]))
            continuation.yield(Array(bytes[5...]))
            continuation.finish()
        }
        var found: [String] = []
        for try await event in ServerSentEvents(arrays) { found.append(event.data) }
        #expect(found == ["a", "b"])
        let slices = AsyncStream<ArraySlice<UInt8>> { continuation in
            continuation.yield(bytes[3..<bytes.count])
            continuation.finish()
        }
        var fromSlices: [String] = []
        for try await event in ServerSentEvents(slices) { fromSlices.append(event.data) }
        #expect(fromSlices == ["b"])  // "a: a" is an unknown field
    }
}
