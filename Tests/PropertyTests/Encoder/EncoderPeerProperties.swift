import Foundation
import PropertyHarness
import QueryCoding
import TestSupport
import Testing

/// Property 3: independent parsers (Python's `urllib.parse.parse_qsl`, Node's WHATWG
/// `URLSearchParams`) read exactly the encoder's own items back from `encodeToString`'s query.
///
/// The queries of a whole batch go to one peer process. When `encode` throws for a comma inside a
/// comma-separated element (items cannot carry it), the parsers must read the reference's pairs,
/// whose list elements are joined by raw commas: the escaped `%2C` decodes to the same comma.
@Suite(.timeLimit(.minutes(20))) struct EncoderPeerProperties {
    @Test(.enabled(if: Peer.python3.shouldRun, "needs python3"))
    func pythonReadsTheEncodersItems() async {
        await check(
            peerProperty("urllib.parse.parse_qsl reads the encoder's items", script: "parse_python.py", peer: .python3))
    }

    @Test(.enabled(if: Peer.node.shouldRun, "needs node"))
    func nodeReadsTheEncodersItems() async {
        await check(peerProperty("URLSearchParams reads the encoder's items", script: "parse_node.js", peer: .node))
    }

    private func peerProperty(_ name: String, script: String, peer: Peer) -> Property<EncoderCase> {
        var property = Property(name, cycling: QueryGen.cases, batchSize: 500) { cases in
            try PeerParser(peer: peer, script: script).check(cases)
        }
        property.weight = 2
        property.corpus = RegressionCorpus.encoderCases
        return property
    }
}

/// A reference parser run as a subprocess, one process per batch of queries.
struct PeerParser {
    let peer: Peer
    let script: String

    /// The error of a peer process that did not do its job (not a counterexample).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The pairs the peer reads from each query, as UTF-8 bytes.
    func parse(_ queries: [String]) throws -> [[(name: [UInt8], value: [UInt8])]] {
        if queries.isEmpty { return [] }
        let input = try JSONEncoder().encode(queries)
        let started = Date()
        let output = try Subprocess.run(peer.name, arguments: [TestFiles.script(script)], input: input, timeout: 300)
        guard output.status == 0, !output.timedOut else {
            let ending = output.timedOut ? "was killed after its 300 s deadline" : "exited with status \(output.status)"
            throw Failure(
                description:
                    "\(peer.name) \(script) \(ending) after \(Int(Date().timeIntervalSince(started))) s, parsing \(queries.count) queries (\(input.count) bytes of JSON): \(output.errorText)"
            )
        }
        let parsed = try JSONDecoder().decode([[[String]]].self, from: output.standardOutput)
        guard parsed.count == queries.count else {
            throw Failure(description: "\(peer.name) returned \(parsed.count) results for \(queries.count) queries")
        }
        return try parsed.map { pairs in
            try pairs.map { pair in
                guard pair.count == 2, let name = decodeHex(pair[0]), let value = decodeHex(pair[1]) else {
                    throw Failure(description: "\(peer.name) printed a malformed pair \(pair)")
                }
                return (name, value)
            }
        }
    }

    /// A failure message or `nil` for each case.
    func check(_ cases: [EncoderCase]) throws -> [String?] {
        var messages = [String?](repeating: nil, count: cases.count)
        var queries: [String] = []
        var expectations: [(index: Int, pairs: [(name: [UInt8], value: [UInt8])])] = []
        for (index, encoderCase) in cases.enumerated() {
            guard case .success(let query) = encoderCase.encodeToString() else { continue }
            switch (encoderCase.encode(), encoderCase.reference) {
            case (.success(let items), _):
                expectations.append((index, bytes(of: items)))
            case (.failure, .success(let reference)) where reference.items == nil:
                expectations.append((index, reference.parsedPairs))
            case (.failure(let error), _):
                messages[index] = "encode threw \(error), but encodeToString returned \(query.swiftSource)"
                continue
            }
            queries.append(query)
        }
        for ((index, expected), (query, parsed)) in zip(expectations, zip(queries, try parse(queries)))
        where !samePairs(parsed, expected) {
            messages[index] =
                "\(peer.name) read \(render(parsed))\n  from \(query.swiftSource),\n  but the encoder's items are \(render(expected))"
        }
        return messages
    }

    private func decodeHex(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return bytes
    }
}
