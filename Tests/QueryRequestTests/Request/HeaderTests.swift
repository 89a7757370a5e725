import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct HeaderTests {
    @Test func mergesRequestHeadersOverSettingHeaders() throws {
        let setting = APISetting(headers: ["X-Api-Key": "k", "Accept": "application/json", "X-Client": "ios"])
        let urlRequest = try Endpoint(
            "/x", setting: setting, headers: ["accept": "text/plain", "X-Trace": "1", "X-Client": "web"]
        ).makeURLRequest()
        let fields = urlRequest.allHTTPHeaderFields ?? [:]
        #expect(fields.count == 4)
        #expect(urlRequest.value(forHTTPHeaderField: "X-Api-Key") == "k")
        #expect(urlRequest.value(forHTTPHeaderField: "Accept") == "text/plain")
        #expect(urlRequest.value(forHTTPHeaderField: "X-Trace") == "1")
        #expect(urlRequest.value(forHTTPHeaderField: "X-Client") == "web")
    }

    // RFC 9110 §5.5: no control but tab (CR, LF and NUL would also be dropped silently by `URLRequest`).
    @Test(arguments: [
        "a\r\nInjected: 1", "a\nb", "a\rb", "a\u{0}b", "\r\n", "a\u{1}", "\u{1B}[31m", "a\u{7F}", "\u{1F}",
    ])
    func refusesAValueWithAControlCharacter(value: String) {
        #expect(throws: RequestBuildingError.invalidHeaderValue(name: "X-Note")) {
            try Endpoint("/x", headers: ["X-Note": value]).makeURLRequest()
        }
        #expect(throws: RequestBuildingError.invalidHeaderValue(name: "X-Note")) {
            try Endpoint("/x", setting: APISetting(headers: ["X-Note": value])).makeURLRequest()
        }
    }

    @Test func keepsOtherValuesAsWritten() throws {
        let value = "a\tb \"c\" é, ;=:"
        let urlRequest = try Endpoint("/x", headers: ["X-Note": value]).makeURLRequest()
        #expect(urlRequest.value(forHTTPHeaderField: "X-Note") == value)
    }

    @Test(arguments: ["", "X Y", "X:Y", "X\r\nY", "X\nY", "Ä", "X(Y)", "X/Y", "X@Y", "X\u{0}"])
    func refusesANameThatIsNoToken(name: String) {
        #expect(throws: RequestBuildingError.invalidHeaderName(name)) {
            try Endpoint("/x", headers: [name: "v"]).makeURLRequest()
        }
    }

    @Test func acceptsEveryTokenCharacterInNames() throws {
        let name = "X-!#$%&'*+.^_`|~09az"
        let urlRequest = try Endpoint("/x", headers: [name: "v"]).makeURLRequest()
        #expect(urlRequest.value(forHTTPHeaderField: name) == "v")
    }

    @Test func refusesTwoSpellingsOfOneNameInOneDictionary() {
        #expect(throws: RequestBuildingError.duplicateHeader(names: ["Content-Type", "content-type"])) {
            try Endpoint("/x", headers: ["content-type": "a", "Content-Type": "b"]).makeURLRequest()
        }
        #expect(throws: RequestBuildingError.duplicateHeader(names: ["X-KEY", "x-key"])) {
            try Endpoint("/x", setting: APISetting(headers: ["x-key": "a", "X-KEY": "b"])).makeURLRequest()
        }
    }

    @Test func reportsTheFirstBadHeaderByName() {
        #expect(throws: RequestBuildingError.invalidHeaderValue(name: "A")) {
            try Endpoint("/x", headers: ["B": "\n", "A": "\n", "C": "\n"]).makeURLRequest()
        }
    }

    @Test func describesHeaderErrorsByName() {
        #expect(
            RequestBuildingError.invalidHeaderValue(name: "X-Note").description
                == #"Invalid value for header "X-Note": it contains a control character (such as CR, LF or NUL); only tab is allowed."#
        )
        #expect(
            RequestBuildingError.invalidHeaderName("X Y").description
                == #"Invalid header name "X Y": a name must be a token of letters, digits and !#$%&'*+-.^_`|~."#)
        #expect(
            RequestBuildingError.duplicateHeader(names: ["Content-Type", "content-type"]).description
                == #"Header given twice in different case: "Content-Type", "content-type"."#)
    }
}
