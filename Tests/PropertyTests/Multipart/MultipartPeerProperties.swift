import Foundation
import PropertyHarness
import QueryRequest
import TestSupport
import Testing

/// Three independent multipart/form-data parsers — Werkzeug's (Flask), python-multipart (Starlette, FastAPI) and
/// defnull's `multipart` (Bottle) — each read back exactly the parts a form was given: names, file names,
/// content types and contents, byte for byte, with the fields of an `Encodable` value named as the form's
/// `QueryEncoder` names query items.
@Suite(.timeLimit(.minutes(20))) struct MultipartPeerProperties {
    @Test(.enabled(if: Peer.python3.shouldRun, "needs python3 with Werkzeug"))
    func werkzeugReadsEveryPartByteForByte() async {
        await check(Self.property(for: .werkzeug))
    }

    @Test(.enabled(if: Peer.pythonMultipart.shouldRun, "needs python-multipart"))
    func pythonMultipartReadsEveryPartByteForByte() async {
        await check(Self.property(for: .pythonMultipart))
    }

    @Test(.enabled(if: Peer.defnullMultipart.shouldRun, "needs defnull's multipart"))
    func defnullMultipartReadsEveryPartByteForByte() async {
        await check(Self.property(for: .defnullMultipart))
    }

    static func property(for parser: FormParser) -> Property<MultipartCase> {
        var property = Property(
            "\(parser.name) reads the form's parts byte for byte", cycling: MultipartGen.cases, batchSize: 100
        ) { cases in
            try parser.check(cases)
        }
        property.render = { $0.description }
        return property
    }
}

/// `Tests/Scripts/parse_multipart.py` with one of its parsers, one process per batch of bodies.
struct FormParser {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The parser's name in messages.
    let name: String
    /// The script's `--parser` argument.
    let argument: String
    /// Whether the parser lists the values of one name together, names in the order they first appear
    /// (Werkzeug's `MultiDict`), rather than the parts in order.
    let groupsByName: Bool

    static let werkzeug = FormParser(name: "Werkzeug", argument: "werkzeug", groupsByName: true)
    static let pythonMultipart = FormParser(name: "python-multipart", argument: "python-multipart", groupsByName: false)
    static let defnullMultipart = FormParser(name: "defnull's multipart", argument: "multipart", groupsByName: false)

    struct Parsed: Decodable {
        let fields: [[String]]?
        let files: [[String]]?
        let error: String?
    }

    /// What a parser should read: text fields and files, apart and in order.
    struct Expected {
        var fields: [[[UInt8]]] = []
        var files: [[[UInt8]]] = []
    }

    func check(_ cases: [MultipartCase]) throws -> [String?] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qr-multipart-pbt-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var messages = [String?](repeating: nil, count: cases.count)
        var inputs: [[String: String]] = []
        var expectations: [(index: Int, expected: Expected)] = []
        for (index, generated) in cases.enumerated() {
            do {
                let (form, expected) = try build(generated, folder: folder, index: index)
                let body = try form.encode()
                let reader = body.makeReader()
                var bytes = Data()
                while let chunk = try reader.next(maximumLength: generated.chunkSize) {
                    guard chunk.count <= generated.chunkSize else {
                        messages[index] = "a chunk of \(chunk.count) bytes, more than the \(generated.chunkSize) asked"
                        break
                    }
                    bytes.append(chunk)
                }
                guard Int64(bytes.count) == body.contentLength else {
                    messages[index] = "contentLength \(body.contentLength), but \(bytes.count) bytes produced"
                    continue
                }
                inputs.append(["contentType": body.contentType, "body": hex(bytes)])
                expectations.append((index, expected))
            } catch {
                messages[index] = "encoding threw \(error)"
            }
        }
        let parsed = try parse(inputs)
        for ((index, expected), result) in zip(expectations, parsed) {
            if let error = result.error {
                messages[index] = "\(name) refused the body: \(error)"
                continue
            }
            let fields = try (result.fields ?? []).map { try $0.map(unhex) }
            let files = try (result.files ?? []).map { try $0.map(unhex) }
            // Werkzeug's MultiDict lists the values of one name together, names in the order they first
            // appear: for it, the parts are compared in that order.
            let expectedFields = groupsByName ? grouped(expected.fields) : expected.fields
            let expectedFiles = groupsByName ? grouped(expected.files) : expected.files
            if fields != expectedFields {
                messages[index] = "\(name) read the fields \(render(fields)),\n  expected \(render(expectedFields))"
            } else if files != expectedFiles {
                messages[index] = "\(name) read the files \(render(files)),\n  expected \(render(expectedFiles))"
            }
        }
        return messages
    }

    /// The rows of each name together, names in the order they first appear, rows of a name in order.
    private func grouped(_ rows: [[[UInt8]]]) -> [[[UInt8]]] {
        var names: [[UInt8]] = []
        var byName: [[UInt8]: [[[UInt8]]]] = [:]
        for row in rows {
            if byName[row[0]] == nil { names.append(row[0]) }
            byName[row[0], default: []].append(row)
        }
        return names.flatMap { byName[$0] ?? [] }
    }

    private func build(_ generated: MultipartCase, folder: URL, index: Int) throws -> (MultipartForm, Expected) {
        var form = MultipartForm()
        var expected = Expected()
        if let meta = generated.meta {
            form.appendFields(meta, encoder: generated.encoder)
            for item in try generated.encoder.encode(meta) {
                expected.fields.append([Array(item.name.utf8), Array((item.value ?? "").utf8)])
            }
        }
        for (number, part) in generated.parts.enumerated() {
            switch part {
            case .text(let name, let value):
                form.append(.text(name: name, value: value))
                expected.fields.append([Array(name.utf8), Array(value.utf8)])
            case .memoryFile(let name, let filename, let contentType, let bytes):
                form.append(.file(name: name, filename: filename, contentType: contentType, data: Data(bytes)))
                expected.files.append([Array(name.utf8), Array(filename.utf8), Array(contentType.utf8), bytes])
            case .diskFile(let name, let filename, let contentType, let bytes):
                let url = folder.appendingPathComponent("\(index)-\(number)")
                try Data(bytes).write(to: url)
                form.append(.file(name: name, filename: filename, contentType: contentType, contentsOf: url))
                expected.files.append([Array(name.utf8), Array(filename.utf8), Array(contentType.utf8), bytes])
            }
        }
        return (form, expected)
    }

    private func parse(_ inputs: [[String: String]]) throws -> [Parsed] {
        if inputs.isEmpty { return [] }
        let input = try JSONEncoder().encode(inputs)
        let output = try Subprocess.run(
            "python3", arguments: [TestFiles.script("parse_multipart.py"), "--parser", argument], input: input,
            timeout: 300)
        guard output.status == 0, !output.timedOut else {
            throw Failure(description: "parse_multipart.py failed (status \(output.status)): \(output.errorText)")
        }
        let parsed = try JSONDecoder().decode([Parsed].self, from: output.standardOutput)
        guard parsed.count == inputs.count else {
            throw Failure(description: "parse_multipart.py returned \(parsed.count) results for \(inputs.count)")
        }
        return parsed
    }

    private func hex(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(data.count * 2)
        for byte in data {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private func unhex(_ text: String) throws -> [UInt8] {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { throw Failure(description: "odd hex \(text)") }
        func value(_ digit: UInt8) throws -> UInt8 {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            default: throw Failure(description: "bad hex \(text)")
            }
        }
        return try stride(from: 0, to: digits.count, by: 2).map { try value(digits[$0]) << 4 | value(digits[$0 + 1]) }
    }

    private func render(_ rows: [[[UInt8]]]) -> String {
        "["
            + rows.map { row in
                "("
                    + row.map { String(decoding: $0.prefix(200), as: UTF8.self).debugDescription }.joined(
                        separator: ", ") + ")"
            }.joined(separator: ", ") + "]"
    }
}
