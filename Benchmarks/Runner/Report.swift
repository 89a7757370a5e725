import Foundation

/// A speed goal of the issue: `workload` takes at most `limit` × `baseline` (per element, for arrays).
struct Target {
    let workload: String
    let baseline: String
    let limit: Double
    /// Elements per operation of `workload` and `baseline`, to compare per-element costs; 1 otherwise.
    var elements: (workload: Double, baseline: Double) = (1, 1)
    /// What an element is, for the summary: `element`, `byte`.
    var unit = "element"

    static let all =
        [
            Target(workload: "encode.typical.queryEncoder", baseline: "encode.typical.handwritten", limit: 0.5),
            Target(workload: "encode.typical.queryEncoderItems", baseline: "encode.typical.handwrittenItems", limit: 3),
            Target(workload: "decode.typical.queryDecoder", baseline: "decode.typical.handwritten", limit: 1),
            Target(
                workload: "encode.array.10000", baseline: "encode.array.100", limit: 1.5, elements: (10000, 100)),
        ]
        // Linearity: a hostile megabyte costs no more per byte than a quarter of one.
        + HostileShape.all.map { shape in
            Target(
                workload: "decode.hostile.\(shape.name).1M", baseline: "decode.hostile.\(shape.name).256K", limit: 1.5,
                elements: (Double(1 << 20), Double(1 << 18)), unit: "byte")
        }

    var isPerElement: Bool { elements != (1, 1) }

    /// The goal in words, each workload name rendered by `name`.
    func summary(_ name: (String) -> String = { $0 }) -> String {
        isPerElement
            ? "per-\(unit) cost of \(name(workload)) ≤ \(limit.compact) × that of \(name(baseline))"
            : "\(name(workload)) ≤ \(limit.compact) × \(name(baseline))"
    }

    /// The measured ratio, or `nil` when either workload was not run.
    func ratio(in results: [String: Measurement]) -> Double? {
        guard let measured = results[workload], let base = results[baseline] else { return nil }
        return measured.medianRatio(to: base) * elements.baseline / elements.workload
    }
}

/// Renders measurements as a text table, Markdown rows or one JSON object.
struct Report {
    let workloads: [Workload]
    let results: [String: Measurement]

    private var rows: [(workload: Workload, measurement: Measurement)] {
        workloads.compactMap { workload in results[workload.name].map { (workload, $0) } }
    }

    private func ratio(of workload: Workload) -> (value: Double, baseline: String)? {
        guard let baseline = workload.baseline, let base = results[baseline], let measured = results[workload.name]
        else { return nil }
        return (measured.medianRatio(to: base), baseline)
    }

    // MARK: Text

    var text: String {
        let header = ["workload", "median ns/op", "min–max ns/op", "ratio to baseline"]
        let body = rows.map { row in
            [
                row.workload.name, row.measurement.median.fixed(),
                "\(row.measurement.min.fixed())–\(row.measurement.max.fixed())",
                ratio(of: row.workload).map { "\($0.value.fixed(2)) × \($0.baseline)" } ?? "",
            ]
        }
        let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let cell = cells[column]
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                // Names and ratios read left to right; numbers line up on the right.
                return column == 0 || column == 3 ? cell + padding : padding + cell
            }.joined(separator: "   ").trimmingCharacters(in: .whitespaces)
        }
        var lines = [line(header)] + body.map(line)
        lines += ["(ratio: the median over the rounds of the time ÷ the baseline's time in the same round)"]
        lines += ["", "Targets:"]
        for target in Target.all {
            guard let ratio = target.ratio(in: results) else { continue }
            let verdict = ratio <= target.limit ? "met    " : "NOT MET"
            lines.append("  \(verdict)  \(target.summary()): measured \(ratio.fixed(2))")
        }
        if let costs = perElementCosts {
            lines += ["", "Per-element cost of encode.array.N: \(costs)"]
        }
        return lines.joined(separator: "\n")
    }

    /// `10: 45.1 ns, 100: 30.2 ns, …` for the array workloads that ran.
    private var perElementCosts: String? {
        let prefix = "encode.array."
        let costs = rows.compactMap { row -> String? in
            let length = row.workload.name.dropFirst(prefix.count)
            guard row.workload.name.hasPrefix(prefix), let count = Double(length) else { return nil }
            return "\(length): \((row.measurement.median / count).fixed()) ns"
        }
        return costs.isEmpty ? nil : costs.joined(separator: ", ")
    }

    // MARK: Markdown

    /// The table and the targets as Markdown, to paste into `Docs/Performance.md`.
    var markdown: String {
        var lines = [
            "Measured \(Machine.summary), built with `swift run -c release Benchmarks`.",
            "",
            "| Workload | Median ns/op | Min–max ns/op | Ratio to baseline |",
            "|----------|-------------:|--------------:|-------------------|",
        ]
        for row in rows {
            let ratioText = ratio(of: row.workload).map { "\($0.value.fixed(2)) × `\($0.baseline)`" } ?? "—"
            lines.append(
                "| `\(row.workload.name)` | \(row.measurement.median.fixed()) | "
                    + "\(row.measurement.min.fixed())–\(row.measurement.max.fixed()) | \(ratioText) |")
        }
        lines += ["", "| Target | Measured | Result |", "|--------|---------:|--------|"]
        for target in Target.all {
            guard let ratio = target.ratio(in: results) else { continue }
            lines.append(
                "| \(target.summary { "`\($0)`" }) | \(ratio.fixed(2)) | \(ratio <= target.limit ? "met" : "**not met**") |"
            )
        }
        if let costs = perElementCosts {
            lines += ["", "Per-element cost of `encode.array.N`: \(costs)."]
        }
        return lines.joined(separator: "\n")
    }

    // MARK: JSON

    /// `{"name": {"median_ns": …, "min_ns": …, "max_ns": …}, …}`, in table order.
    var json: String {
        let entries = rows.map { row in
            let m = row.measurement
            return "  \(jsonString(row.workload.name)): "
                + "{\"median_ns\": \(m.median.fixed()), \"min_ns\": \(m.min.fixed()), \"max_ns\": \(m.max.fixed())}"
        }
        return "{\n" + entries.joined(separator: ",\n") + "\n}"
    }

    private func jsonString(_ text: String) -> String {
        // Workload names are plain ASCII; escape the two characters that could still break the string.
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

extension Double {
    /// Fixed-point text with `digits` decimals, such as `1523.4`: valid JSON and easy to read.
    func fixed(_ digits: Int = 1) -> String {
        String(format: "%.\(digits)f", self)
    }

    /// `3` for a whole number, else the shortest text (`0.5`).
    var compact: String {
        rounded() == self ? String(Int(self)) : description
    }
}
