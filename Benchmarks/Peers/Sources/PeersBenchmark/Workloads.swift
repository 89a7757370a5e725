import Hummingbird
import QueryCoding
import Vapor

/// One coder doing one thing to the typical query, once per call.
struct Workload: Sendable {
    /// `ours`, `ours-brackets` (arrays in the peers' form), `vapor` or `hummingbird`.
    let coder: String
    /// `encode` or `decode`.
    let direction: String
    /// Runs the operation once and returns a number that depends on its result, so that the optimiser
    /// cannot drop it.
    let run: @Sendable () throws -> Int

    var name: String { "\(coder)-\(direction)" }
}

/// Each coder's own wire form of the typical value: the text its decoder is given. Each reads arrays its
/// own way by default (ours `type=day,month,year`, Vapor's and Hummingbird's `type[]=day&type[]=month…`),
/// so each decodes what its own encoder wrote; `oursBrackets` is ours set to the peers' array form.
struct WireForms: Sendable {
    let ours: String
    let oursBrackets: String
    let vapor: String
    let hummingbird: String

    init(_ value: Typical) throws {
        ours = try QueryEncoder().encodeToString(value)
        oursBrackets = try bracketsEncoder.encodeToString(value)
        vapor = try Vapor.URLEncodedFormEncoder().encode(value)
        hummingbird = try Hummingbird.URLEncodedFormEncoder().encode(value)
    }
}

/// Our encoder, writing arrays as the peers do (`type[]=day&type[]=month…`).
let bracketsEncoder: QueryEncoder = {
    var encoder = QueryEncoder()
    encoder.arrayEncodingStrategy = .brackets
    return encoder
}()

/// Our decoder, reading arrays as the peers write them.
let bracketsDecoder: QueryDecoder = {
    var decoder = QueryDecoder()
    decoder.arrayDecodingStrategy = .brackets
    return decoder
}()

/// The eight workloads, and the coders that do not give back the value their own encoder wrote (a finding
/// that is reported, not a reason to stop: the timings are still of the same work).
func makeWorkloads() throws -> (forms: WireForms, workloads: [Workload], lossy: [String]) {
    let value = Typical()
    let forms = try WireForms(value)
    let ourEncoder = QueryEncoder()
    let ourDecoder = QueryDecoder()
    let vaporEncoder = Vapor.URLEncodedFormEncoder()
    let vaporDecoder = Vapor.URLEncodedFormDecoder()
    let hummingbirdEncoder = Hummingbird.URLEncodedFormEncoder()
    let hummingbirdDecoder = Hummingbird.URLEncodedFormDecoder()

    let checks: [(String, Typical)] = [
        ("ours", try ourDecoder.decode(Typical.self, from: forms.ours)),
        ("ours-brackets", try bracketsDecoder.decode(Typical.self, from: forms.oursBrackets)),
        ("ours-brackets reading Vapor's text", try bracketsDecoder.decode(Typical.self, from: forms.vapor)),
        ("vapor", try vaporDecoder.decode(Typical.self, from: forms.vapor)),
        ("hummingbird", try hummingbirdDecoder.decode(Typical.self, from: forms.hummingbird)),
    ]
    let lossy = checks.filter { $0.1 != value }.map { "\($0.0) reads back \($0.1)" }

    let workloads = [
        Workload(coder: "ours", direction: "encode") { try ourEncoder.encodeToString(value).utf8.count },
        Workload(coder: "ours-brackets", direction: "encode") {
            try bracketsEncoder.encodeToString(value).utf8.count
        },
        Workload(coder: "vapor", direction: "encode") { try vaporEncoder.encode(value).utf8.count },
        Workload(coder: "hummingbird", direction: "encode") { try hummingbirdEncoder.encode(value).utf8.count },
        Workload(coder: "ours", direction: "decode") {
            try ourDecoder.decode(Typical.self, from: forms.ours).offset
        },
        Workload(coder: "ours-brackets", direction: "decode") {
            try bracketsDecoder.decode(Typical.self, from: forms.oursBrackets).offset
        },
        Workload(coder: "vapor", direction: "decode") {
            try vaporDecoder.decode(Typical.self, from: forms.vapor).offset
        },
        Workload(coder: "hummingbird", direction: "decode") {
            try hummingbirdDecoder.decode(Typical.self, from: forms.hummingbird).offset
        },
    ]
    return (forms, workloads, lossy)
}
