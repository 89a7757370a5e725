import Foundation
import PropertyHarness
import QueryRequest

/// A generated form: fields from an `Encodable` value under some encoder strategies, then text parts,
/// files from memory and files from disk, produced in chunks of some size.
struct MultipartCase: Sendable, CustomStringConvertible {
    enum Part: Sendable {
        case text(name: String, value: String)
        case memoryFile(name: String, filename: String, contentType: String, bytes: [UInt8])
        case diskFile(name: String, filename: String, contentType: String, bytes: [UInt8])
    }

    /// The value whose fields come first.
    struct Meta: Encodable, Sendable {
        let title: String
        let tags: [String]
        let owner: Owner
        struct Owner: Encodable, Sendable {
            let name: String
        }
    }

    let meta: Meta?
    let arrays: QueryArrayStyle
    let nesting: QueryEncoder.NestedKeyEncodingStrategy
    let parts: [Part]
    let chunkSize: Int

    var encoder: QueryEncoder {
        var encoder = QueryEncoder()
        encoder.arrayEncodingStrategy = arrays
        encoder.nestedKeyEncodingStrategy = nesting
        return encoder
    }

    var description: String {
        var lines = [
            "meta: \(meta.map { "\($0)" } ?? "nil") with \(arrays), \(nesting); chunks of \(chunkSize) bytes"
        ]
        for part in parts {
            switch part {
            case .text(let name, let value): lines.append("text \(name.debugDescription) = \(value.debugDescription)")
            case .memoryFile(let name, let filename, let type, let bytes):
                lines.append("file \(name.debugDescription) \(filename.debugDescription) \(type) from memory: \(bytes)")
            case .diskFile(let name, let filename, let type, let bytes):
                lines.append("file \(name.debugDescription) \(filename.debugDescription) \(type) from disk: \(bytes)")
            }
        }
        return lines.joined(separator: "\n  ")
    }
}

enum MultipartGen {
    /// Hostile text that can be a name: controls but tab (a header value may hold no other, RFC 9110 §5.5),
    /// double quotes and backslashes left out, and every `%` written as `%25` so that no `%22`, `%0A` or `%0D`
    /// appears (those are refused, and tested apart).
    static let name: Gen<String> = Gen<String>.hostileString().map { text in
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars
        where !["\\", "\""].contains(scalar) && !((scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F) {
            scalars.append(scalar)
            if scalar == "%" { scalars.append(contentsOf: "25".unicodeScalars) }
        }
        return String(scalars)
    }

    static let contentType: Gen<String> = .element(of: [
        "application/octet-stream", "image/png", "text/plain; charset=utf-8", "application/vnd.a+json; q=\"x\"",
    ])

    /// Bytes that look like the syntax around them, now and then large enough to span many chunks.
    static let bytes: Gen<[UInt8]> = .frequency([
        (6, Gen<[UInt8]>.byteSoup),
        (
            2,
            Gen<String>.element(of: ["\r\n--", "--", "\r\n\r\n", "--qr-", "Content-Disposition: form-data"])
                .zip(Gen<[UInt8]>.byteSoup).array(averageLength: 3).map { pieces in
                    pieces.flatMap { Array($0.0.utf8) + $0.1 }
                }
        ),
        (1, Gen<Int>.int(in: 1...200_000).map { count in (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) } }),
    ])

    static let part: Gen<MultipartCase.Part> = .oneOf([
        name.zip(Gen<String>.hostileString()).map { .text(name: $0.0, value: $0.1) },
        name.zip(name).zip(contentType.zip(bytes)).map {
            .memoryFile(name: $0.0.0, filename: $0.0.1, contentType: $0.1.0, bytes: $0.1.1)
        },
        name.zip(name).zip(contentType.zip(bytes)).map {
            .diskFile(name: $0.0.0, filename: $0.0.1, contentType: $0.1.0, bytes: $0.1.1)
        },
    ])

    static let meta: Gen<MultipartCase.Meta?> = Gen<String>.hostileString()
        .zip(Gen<String>.hostileString().array(averageLength: 2))
        .zip(Gen<String>.hostileString())
        .map { MultipartCase.Meta(title: $0.0.0, tags: $0.0.1, owner: .init(name: $0.1)) }
        .optional(nilProbability: 0.3)

    /// One generator per combination of array and nesting strategies, so each runs every time.
    static let cases: [Gen<MultipartCase>] = [
        (QueryArrayStyle.repeatedKeys, QueryEncoder.NestedKeyEncodingStrategy.dots),
        (.brackets, .brackets), (.indexedBrackets, .dots), (.indexedBrackets, .brackets),
    ].map { strategies in
        meta.zip(part.array(averageLength: 3, maximumLength: 12)).zip(Gen<Int>.int(in: 1...70_000)).map {
            MultipartCase(meta: $0.0.0, arrays: strategies.0, nesting: strategies.1, parts: $0.0.1, chunkSize: $0.1)
        }
    }
}
