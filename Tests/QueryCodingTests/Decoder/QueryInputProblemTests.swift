import Foundation
import QueryCoding
import Testing

/// `QueryInputProblem`, the one description of refused query text that both server integrations send: what was
/// wrong, and the parameter, for every kind of decoder error.
@Suite(.timeLimit(.minutes(5))) struct QueryInputProblemTests {
    struct Page: Decodable {
        let page: Int
        let filter: Filter?
    }
    struct Filter: Decodable {
        let from: Int
    }
    /// A type whose own `init(from:)` throws a message that quotes no parameter.
    struct Even: Decodable {
        let n: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            n = try container.decode(Int.self, forKey: .n)
            guard n % 2 == 0 else {
                throw DecodingError.dataCorruptedError(forKey: .n, in: container, debugDescription: "must be even")
            }
        }
        enum CodingKeys: String, CodingKey { case n }
    }

    func problem<T: Decodable>(_ type: T.Type, _ query: String, _ decoder: QueryDecoder = QueryDecoder())
        -> QueryInputProblem
    {
        do {
            _ = try decoder.decode(T.self, from: query)
            Issue.record("\(query) decoded")
            return QueryInputProblem(describing: CancellationError())
        } catch {
            return QueryInputProblem(describing: error)
        }
    }

    @Test func aValueOfTheWrongTypeNamesTheParameterAndTheValue() {
        let found = problem(Page.self, "page=x")
        #expect(found.parameter == "page")
        #expect(found.message.contains("\"page\"") && found.message.contains("\"x\""))
        #expect(found.description == found.message)
    }

    @Test func theReasonSaysWhereTheTextCameFrom() {
        let found = problem(Page.self, "page=x")
        #expect(found.reason(in: .query) == "Invalid query: " + found.message)
        #expect(found.reason(in: .formBody) == "Invalid form body: " + found.message)
    }

    @Test func aMissingNestedParameterIsNamedWithItsPath() {
        let found = problem(Page.self, "page=1&filter.to=2")
        #expect(found.parameter == "filter.from")
    }

    @Test func aTypesOwnMessageGetsTheParameterAdded() {
        let found = problem(Even.self, "n=3")
        #expect(found.parameter == "n")
        #expect(found.message == #"must be even (parameter "n")"#)
    }

    @Test func aLimitErrorSaysItsOwnDescription() {
        var decoder = QueryDecoder()
        decoder.limits.maximumInputLength = 4
        let found = problem(Page.self, "page=12345", decoder)
        #expect(found.message.contains("4"))
    }

    @Test func anyOtherErrorIsItsDescription() {
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        #expect(QueryInputProblem(describing: Odd()) == QueryInputProblem(describing: Odd()))
        #expect(QueryInputProblem(describing: Odd()).message == "odd")
        #expect(QueryInputProblem(describing: Odd()).parameter == nil)
    }
}
