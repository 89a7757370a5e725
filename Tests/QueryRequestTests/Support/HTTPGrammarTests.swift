import QueryCoding
import Testing

@testable import QueryRequest

/// The one home of RFC 9110's rules (`HTTPGrammar`) and of what a URL keeps raw (`URLText`): each mask literal
/// is the set its documentation lists, and each rule gives the RFC's answer for every byte.
@Suite(.timeLimit(.minutes(5))) struct HTTPGrammarTests {
    static let lettersAndDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

    @Test func theLiteralsAreTheSetsTheirDocumentationLists() {
        // RFC 9110 §5.6.2 tchar.
        #expect(HTTPGrammar.tokenBytes == ASCIISet(Self.lettersAndDigits + "!#$%&'*+-.^_`|~"))
        // RFC 3986 §3.3 pchar and "/"; a query adds "?" (§3.4).
        let path = Self.lettersAndDigits + "-._~" + "!$&'()*+,;=" + ":@" + "/"
        #expect(URLText.pathBytes == ASCIISet(path))
        #expect(URLText.queryBytes == ASCIISet(path + "?"))
        // RFC 9110 §5.5: every control (RFC 5234 CTL) but HTAB.
        let controlsButTab = String(decoding: Array(0x00...0x08) + Array(0x0A...0x1F) + [0x7F], as: UTF8.self)
        #expect(HTTPGrammar.notInFieldValue == ASCIISet(controlsButTab))
    }

    @Test func aFieldValueHoldsNoControlButTab() {
        for byte in UInt8.min...UInt8.max {
            let text = String(decoding: [0x61, byte, 0x62], as: UTF8.self)
            let isControlButTab = (byte < 0x20 && byte != 0x09) || byte == 0x7F
            #expect(HTTPGrammar.isFieldValue(text) == !isControlButTab, "byte \(byte)")
        }
        #expect(HTTPGrammar.isFieldValue(""))
        #expect(HTTPGrammar.isFieldValue("é, \"q\"; a=b\t"))
    }

    @Test(arguments: [
        ("GET", true), ("X-Trace_1", true), ("!#$%&'*+-.^_`|~", true), ("", false), ("A B", false), ("a:b", false),
        ("é", false), ("a\u{0}", false), ("(x)", false), ("a/b", false),
    ])
    func aTokenIsOneOrMoreTokenCharacters(text: String, isToken: Bool) {
        #expect(HTTPGrammar.isToken(text) == isToken)
    }

    @Test func readsAQuotedStringAndItsEscapes() {
        func read(_ text: String, at start: Int = 0) -> String {
            switch HTTPGrammar.readQuotedString(Array(text.utf8), at: start) {
            case .text(let bytes, let end): "\(String(decoding: bytes, as: UTF8.self))|\(end)"
            case .endsInEscape: "ends in escape"
            case .unclosed: "unclosed"
            }
        }
        #expect(read(#""abc" rest"#) == "abc|5")
        #expect(read(#"x="a\"b\\c""#, at: 2) == #"a"b\c|11"#)
        #expect(read(#""""#) == "|2")
        #expect(read(#""abc"#) == "unclosed")
        #expect(read(#""abc\"#) == "ends in escape")
    }
}
