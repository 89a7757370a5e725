import Foundation
import QueryRequest
import Testing

@Suite(.timeLimit(.minutes(5))) struct LinkHeaderTests {
    @Test func readsSeveralLinksWithQuotedAndBareParameters() throws {
        let links = try WebLink.parse(
            #"<https://api.example.com/items?page=2&x=a,b;c>; rel="next prefetch"; title="a, \"b\"; c", </items?page=9>;REL=last,<>; rel=self"#
        )
        #expect(links.map(\.target) == ["https://api.example.com/items?page=2&x=a,b;c", "/items?page=9", ""])
        #expect(links.map(\.relations) == [["next", "prefetch"], ["last"], ["self"]])
        #expect(links[0].parameters.last == .init(name: "title", value: #"a, "b"; c"#))
    }

    @Test func onlyTheFirstRelCountsAndEmptyElementsAreSkipped() throws {
        let links = try WebLink.parse(#" , <a>; rel=prev; rel=next ,, <b> ;  rel = "NEXT"  ; crossorigin"#)
        #expect(links.map(\.relations) == [["prev"], ["next"]])
        #expect(links[1].parameters.last == .init(name: "crossorigin", value: ""))
    }

    @Test(arguments: [
        ("https://x/a; rel=next", "expected \"<\" to start a link at byte 0"),
        ("<https://x/a; rel=next", "a link target has no closing \">\" at byte 22"),
        ("<a>; rel=\"next", "a quoted value has no closing quote at byte 14"),
        ("<a>; =next", "expected a parameter name at byte 5"),
        ("<a> rel=next", "expected \",\" or \";\" after a link at byte 4"),
    ])
    func refusesMalformedValuesSayingWhere(value: String, reason: String) {
        #expect(throws: PaginationError.invalidLinkHeader(value: value, reason: reason)) {
            try WebLink.parse(value)
        }
    }
}
