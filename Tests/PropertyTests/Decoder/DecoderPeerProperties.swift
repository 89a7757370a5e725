import Foundation
import PropertyHarness
import QueryCoding
import TestSupport
import Testing

/// Property 3 for the decoder: on valid queries (hostile within the rules), Python's `parse_qsl` and
/// Node's `URLSearchParams` read exactly the pairs the reference parser reads, and the decoder reads
/// the same names with the same values, in order.
///
/// Where the specifications legitimately differ, the cases are left out, on purpose:
/// - invalid escapes (`%zz`, a trailing `%`) and escapes that are not UTF-8 (`%FF`): the decoder
///   throws; the peers pass the text through or substitute U+FFFD (the generator makes none);
/// - a leading `?`: the decoder and `URLSearchParams` skip it; `parse_qsl` reads it as part of the
///   first name (Python is given the query without it);
/// - names that nest under the strategies (`a.b`, `a[0]`): nesting is the decoder's layer above
///   parsing, which the peers do not have (the differential property checks it against the
///   reference instead);
/// - canonically equivalent names (`é`, `e` + U+0301): two parameters for the decoder as for the
///   peers, but one `String` key, so decoding them into a `[String: [String]]` refuses (the reference
///   differential checks that).
/// Both peers run non-strict (`parse_qsl(keep_blank_values=True)`): empty segments are skipped and a
/// pair without `=` has an empty value, as in the decoder (`strict_parsing=True` would raise instead).
@Suite(.timeLimit(.minutes(20))) struct DecoderPeerProperties {
    @Test(.enabled(if: Peer.python3.shouldRun, "needs python3"))
    func pythonParsesQueriesAsTheDecoderDoes() async {
        await check(
            peerProperty("parse_qsl parses queries as the decoder does", script: "parse_python.py", peer: .python3))
    }

    @Test(.enabled(if: Peer.node.shouldRun, "needs node"))
    func nodeParsesQueriesAsTheDecoderDoes() async {
        await check(
            peerProperty("URLSearchParams parses queries as the decoder does", script: "parse_node.js", peer: .node))
    }

    private func peerProperty(_ name: String, script: String, peer: Peer) -> Property<DecoderInput> {
        var property = Property(name, cycling: WellFormedQueryGen.allValid, batchSize: 500) { inputs in
            try DecoderPeerCheck(parser: PeerParser(peer: peer, script: script)).check(inputs)
        }
        property.weight = 2
        property.corpus = RegressionCorpus.peerQueries
        property.classify = { input in DecoderPeerCheck.comparesTheDecoder(input) ? ["the decoder is compared"] : [] }
        // Each floor: its label's rate over 100,000 cases and the probability that a correct generator
        // misses it at the run's count (extending the run) and at the extended count (failing it).
        property.coverage = [
            // rate 48.6 %; miss 9.7e-14 at 400, 4.6e-188 at 6,400
            .atLeast(0.3, "the decoder is compared")
        ]
        return property
    }
}

/// Compares a peer's parse of a batch of queries with the reference parser's and the decoder's.
struct DecoderPeerCheck {
    let parser: PeerParser

    /// A failure message or `nil` for each input.
    func check(_ inputs: [DecoderInput]) throws -> [String?] {
        var messages = [String?](repeating: nil, count: inputs.count)
        var queries: [String] = []
        var expectations: [(index: Int, pairs: [(name: [UInt8], value: [UInt8])])] = []
        for (index, input) in inputs.enumerated() {
            guard case .string(let query) = input.source else {
                messages[index] = "the peers read query strings only"
                continue
            }
            guard case .success(let parsed) = ReferenceParsedQuery.parse(query), let pairs = parsed.decodedPairs else {
                messages[index] = "the generator made an invalid query: \(query.swiftSource)"
                continue
            }
            // `parse_qsl` keeps a leading `?` in the first name; the decoder and URLSearchParams skip it.
            // (Compared as a byte: `hasPrefix` compares characters, and `?` + U+0300 is not "?".)
            let skipsQuestionMark = parser.peer.name == Peer.python3.name && query.utf8.first == UInt8(ascii: "?")
            let text = skipsQuestionMark ? String(decoding: query.utf8.dropFirst(), as: UTF8.self) : query
            queries.append(text)
            expectations.append((index, pairs))
        }
        for ((index, expected), (query, parsed)) in zip(expectations, zip(queries, try parser.parse(queries))) {
            guard samePairs(parsed, expected) else {
                messages[index] =
                    "\(parser.peer.name) read \(render(parsed))\n  from \(query.swiftSource),\n  but the reference parser reads \(render(expected))"
                continue
            }
            messages[index] = Self.decoderDisagreement(inputs[index], peerPairs: parsed, peer: parser.peer.name)
        }
        return messages
    }

    /// The input's nesting with `.repeatedKeys` arrays: every parameter read as the list of its values.
    private static func flatReading(_ input: DecoderInput) -> DecoderInput {
        var flat = input
        flat.setup.array = .repeatedKeys
        return flat
    }

    /// Whether the decoder's reading can be compared with a peer's: no name nests (arrays read as
    /// `.repeatedKeys`) or is a key the encoder could not write, no two names are canonically equivalent.
    static func comparesTheDecoder(_ input: DecoderInput) -> Bool {
        guard case .string(let query) = input.source, case .success(let parsed) = ReferenceParsedQuery.parse(query)
        else { return false }
        let naming = ReferenceNaming(flatReading(input).setup)
        let names = Set(parsed.pairs.map(\.name))
        // A key the encoder could not write (empty, or malformed) is refused by the decoder (issue 14).
        return names.allSatisfy { naming.segments($0).count == 1 && naming.isWritableKey($0) }
            && Set(names.map { String(decoding: $0, as: UTF8.self) }).count == names.count
    }

    /// The decoder, reading every parameter as an array of its values (`.repeatedKeys`), must find the
    /// peer's names with the peer's values in order.
    static func decoderDisagreement(
        _ input: DecoderInput, peerPairs: [(name: [UInt8], value: [UInt8])], peer: String
    ) -> String? {
        guard comparesTheDecoder(input), case .string(let query) = input.source else { return nil }
        let decoder = flatReading(input).decoder
        var expected: [[UInt8]: [[UInt8]]] = [:]
        for pair in peerPairs { expected[pair.name, default: []].append(pair.value) }
        do {
            let decoded = try decoder.decode([String: [String]].self, from: query)
            let actual = Dictionary(
                decoded.map { (Array($0.key.utf8), $0.value.map { Array($0.utf8) }) }, uniquingKeysWith: { $1 })
            guard actual == expected else {
                return
                    "the decoder read \(memberwiseSource(of: decoded))\n  from \(query.swiftSource),\n  but \(peer) reads \(render(peerPairs))"
            }
            return nil
        } catch {
            return
                "the decoder threw \(error)\n  for \(query.swiftSource),\n  which \(peer) reads as \(render(peerPairs))"
        }
    }
}
