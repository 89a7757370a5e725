import Testing

@testable import QueryCoding

/// `ASCIISet`: membership for every byte, and each mask literal the package writes equal to the set of the
/// characters its documentation lists (the literals are what the hot paths read).
@Suite(.timeLimit(.minutes(5))) struct ASCIISetTests {
    @Test func holdsExactlyTheBytesItWasMadeOf() {
        let set = ASCIISet("a0-~\t\u{7F}")
        for byte in UInt8.min...UInt8.max {
            #expect(set.contains(byte) == [0x61, 0x30, 0x2D, 0x7E, 0x09, 0x7F].contains(byte), "byte \(byte)")
        }
        #expect(ASCIISet("").low == 0 && ASCIISet("").high == 0)
    }

    @Test func noByteFrom128UpIsAMember() {
        let everything = ASCIISet(low: .max, high: .max)
        for byte in UInt8(128)...UInt8.max { #expect(!everything.contains(byte), "byte \(byte)") }
        #expect((0..<128).allSatisfy { everything.contains(UInt8($0)) })
    }

    @Test func containsEveryAndUnion() {
        let letters = ASCIISet.letters
        #expect(letters.containsEvery("Query".utf8))
        #expect(!letters.containsEvery("Query1".utf8))
        #expect(letters.containsEvery([UInt8]()))
        #expect(letters.union(.digits).containsEvery("Query1".utf8))
    }

    static let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    static let digits = "0123456789"

    @Test func theLiteralsAreTheSetsTheirDocumentationLists() {
        #expect(ASCIISet.letters == ASCIISet(Self.letters))
        #expect(ASCIISet.digits == ASCIISet(Self.digits))
        let controls = String(decoding: Array(0x00...0x1F) + [0x7F], as: UTF8.self)
        #expect(ASCIISet.controls == ASCIISet(controls))
        // RFC 3986 §2.3.
        #expect(PercentEncoding.unreserved == ASCIISet(Self.letters + Self.digits + "-._~"))
    }
}
