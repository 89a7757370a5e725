import Foundation
import QueryRequest
import SampleAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One measured operation: `run(n)` performs it `n` times and returns a checksum of the results, which the
/// harness keeps so that the optimiser cannot drop the work.
struct Workload {
    let name: String
    /// The workload this one is compared with in the table's ratio column, measured in the same run.
    let baseline: String?
    let run: (_ iterations: Int) throws -> Int

    init(_ name: String, baseline: String? = nil, _ operation: @escaping () throws -> Int) {
        self.name = name
        self.baseline = baseline
        self.run = { iterations in
            var checksum = 0
            for _ in 0..<iterations { checksum &+= try operation() }
            return checksum
        }
    }
}

extension Workload {
    /// Every workload of the table, in the order the table lists them. The names are stable (scripts read the
    /// JSON output); `Docs/Performance.md` explains each.
    static func all() throws -> [Workload] {
        let encoder = QueryEncoder()
        let decoder = QueryDecoder()
        let jsonEncoder = JSONEncoder()
        let typical = Typical()
        let typicalQuery = try encoder.encodeToString(typical)
        let typicalURLText = "?" + typicalQuery
        // Both decoders must read the value back, or their timings would mean nothing.
        guard try handwrittenDecode(typicalURLText) == typical,
            try decoder.decode(Typical.self, from: typicalQuery) == typical
        else { throw BenchmarkError("a decoder does not read the typical query back") }
        let styled = TypicalStyled()
        let styledQuery = try encoder.encodeToString(styled)
        guard try decoder.decode(TypicalStyled.self, from: styledQuery) == styled else {
            throw BenchmarkError("the decoder does not read the styled query back")
        }
        let arrays = [10, 100, 1000, 10000].map { (count: $0, value: IntArray(count: $0)) }
        let nested = Nested()
        let ranking = TestRankingRequest(query: .init(totalLimit: 48, offset: 0, pageLimit: 6, age: nil))

        var workloads = [
            Workload("encode.typical.handwritten") { try handwrittenQuery(typical).utf8.count },
            Workload("encode.typical.handwrittenItems") { checksum(handwrittenItems(typical)) },
            Workload("encode.typical.queryEncoder", baseline: "encode.typical.handwritten") {
                try encoder.encodeToString(typical).utf8.count
            },
            Workload("encode.typical.queryEncoderItems", baseline: "encode.typical.handwrittenItems") {
                checksum(try encoder.encode(typical))
            },
            Workload("encode.typical.jsonEncoder", baseline: "encode.typical.handwritten") {
                try jsonEncoder.encode(typical).count
            },
            Workload("decode.typical.handwritten") { checksum(try handwrittenDecode(typicalURLText)) },
            Workload("decode.typical.queryDecoder", baseline: "decode.typical.handwritten") {
                checksum(try decoder.decode(Typical.self, from: typicalQuery))
            },
            Workload("encode.styled.queryEncoder", baseline: "encode.typical.queryEncoder") {
                try encoder.encodeToString(styled).utf8.count
            },
            Workload("decode.styled.queryDecoder", baseline: "decode.typical.queryDecoder") {
                try decoder.decode(TypicalStyled.self, from: styledQuery).offset
            },
        ]
        workloads += arrays.map { array in
            Workload("encode.array.\(array.count)") { try encoder.encodeToString(array.value).utf8.count }
        }
        workloads += [
            Workload("encode.nested.depth4") { try encoder.encodeToString(nested).utf8.count },
            Workload("request.build") { (try ranking.makeURLRequest().httpMethod ?? "").utf8.count },
        ]
        workloads += try sending()
        workloads += HostileShape.all.flatMap { shape in
            [(label: "256K", length: 1 << 18), (label: "1M", length: 1 << 20)].map { size in
                hostileDecoding(shape, size.label, length: size.length)
            }
        }
        return workloads
    }

    /// Decodes a hostile query of `shape`, `length` bytes long, and fails unless the decoder does what
    /// the shape says (a value, or the one error the shape must cause).
    private static func hostileDecoding(_ shape: HostileShape, _ label: String, length: Int) -> Workload {
        // Built on first use: making every megabyte up front would weigh on each run of the others.
        let query = Lazy { shape.query(length: length) }
        let decoder = shape.decoder
        let name = "decode.hostile.\(shape.name).\(label)"
        return Workload(name) {
            do {
                let value = try decoder.decode(HostileTarget.self, from: query.value)
                guard case .decodes = shape.outcome else { throw BenchmarkError("\(name) decoded") }
                return (value.q?.utf8.count ?? 0) &+ (value.tags?.count ?? 0)
            } catch let error as QueryDecodingLimitError {
                guard case .limit(let limit) = shape.outcome, error.limit == limit else { throw error }
                return error.maximum
            } catch let error as DecodingError {
                guard case .dataCorrupted = shape.outcome, case .dataCorrupted(let context) = error else { throw error }
                return context.debugDescription.utf8.count
            }
        }
    }

    /// Workloads that only `--profile` runs: probes of the encoder's fixed costs, per call and per field, and
    /// of a dictionary's per-entry cost. The typical query in the peers' array form (`type[]=day&type[]=month…`) is what `Benchmarks/Peers`
    /// compares with Vapor and Hummingbird; decoding it here lets callgrind see our side alone.
    static func profilingOnly() throws -> [Workload] {
        let encoder = QueryEncoder()
        var bracketsEncoder = QueryEncoder()
        bracketsEncoder.arrayEncodingStrategy = .brackets
        var bracketsDecoder = QueryDecoder()
        bracketsDecoder.arrayDecodingStrategy = .brackets
        let typical = Typical()
        let bracketsQuery = try bracketsEncoder.encodeToString(typical)
        guard try bracketsDecoder.decode(Typical.self, from: bracketsQuery) == typical else {
            throw BenchmarkError("the brackets decoder does not read the typical query back")
        }
        // As the multipart peer benchmark's fields: `field0000` … `field0999`, values of 7–13 characters.
        var thousandFields: [String: String] = [:]
        for index in 0..<1_000 {
            let digits = String(index)
            thousandFields["field" + String(repeating: "0", count: 4 - digits.count) + digits] = "value \(index * 7919)"
        }
        return [
            Workload("encode.flat.ints8") { try encoder.encodeToString(Ints8()).utf8.count },
            Workload("encode.empty") { try encoder.encodeToString(NoFields()).utf8.count },
            Workload("encode.typical.brackets") { try bracketsEncoder.encodeToString(typical).utf8.count },
            Workload("decode.typical.brackets") {
                checksum(try bracketsDecoder.decode(Typical.self, from: bracketsQuery))
            },
            // The per-entry cost of a dictionary, as `MultipartForm.appendFields` meets it (items output).
            Workload("encode.dictionary.1000") { checksum(try encoder.encode(thousandFields)) },
        ]
    }
}

// MARK: The hand-written baselines, as a careful user writes them with Foundation

/// The items built by hand: every value converted to text, arrays joined with commas.
private func handwrittenItems(_ value: Typical) -> [URLQueryItem] {
    [
        URLQueryItem(name: "totalLimit", value: String(value.totalLimit)),
        URLQueryItem(name: "offset", value: String(value.offset)),
        URLQueryItem(name: "pageLimit", value: String(value.pageLimit)),
        URLQueryItem(name: "age", value: value.age.map(String.init)),
        URLQueryItem(name: "type", value: value.type.joined(separator: ",")),
        URLQueryItem(name: "field", value: value.field.joined(separator: ",")),
        URLQueryItem(name: "device_id", value: value.deviceID),
        URLQueryItem(name: "keyword", value: value.keyword),
    ]
}

/// The hand-built items escaped by `URLComponents` (which, unlike `QueryEncoder`, leaves `+` raw).
private func handwrittenQuery(_ value: Typical) throws -> String {
    var components = URLComponents()
    components.queryItems = handwrittenItems(value)
    guard let query = components.percentEncodedQuery else { throw BenchmarkError("no query") }
    return query
}

/// `URLComponents(string:)`, `queryItems`, then each value converted into the struct by hand.
private func handwrittenDecode(_ urlText: String) throws -> Typical {
    guard let items = URLComponents(string: urlText)?.queryItems else { throw BenchmarkError("not a URL") }
    var totalLimit: Int?
    var offset: Int?
    var pageLimit: Int?
    var age: Int?
    var type: [String] = []
    var field: [String] = []
    var deviceID: String?
    var keyword: String?
    for item in items {
        let value = item.value ?? ""
        switch item.name {
        case "totalLimit": totalLimit = Int(value)
        case "offset": offset = Int(value)
        case "pageLimit": pageLimit = Int(value)
        case "age": age = Int(value)
        case "type": type = value.split(separator: ",").map(String.init)
        case "field": field = value.split(separator: ",").map(String.init)
        case "device_id": deviceID = value
        case "keyword": keyword = value
        default: break
        }
    }
    guard let totalLimit, let offset, let pageLimit, let deviceID, let keyword else {
        throw BenchmarkError("a required parameter is missing")
    }
    return Typical(
        totalLimit: totalLimit, offset: offset, pageLimit: pageLimit, age: age, type: type, field: field,
        deviceID: deviceID, keyword: keyword)
}

// MARK: Checksums: cheap, but they read the results

private func checksum(_ items: [URLQueryItem]) -> Int {
    items.count &+ (items.last?.value?.utf8.count ?? 0)
}

private func checksum(_ value: Typical) -> Int {
    value.totalLimit &+ value.keyword.utf8.count &+ value.type.count
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
