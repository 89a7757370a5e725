import Foundation

/// What the figures were measured on, for the Markdown report: a benchmark result means little without it.
enum Machine {
    /// `2026-11-22, AMD EPYC (2 cores), Linux 6.18.44`: the date (UTC), CPU model, core count and system.
    static var summary: String {
        let date = Date().formatted(Date.ISO8601FormatStyle().year().month().day())
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return "\(date), \(cpuModel) (\(cores) cores), \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }

    /// The `model name` of /proc/cpuinfo on Linux; elsewhere the architecture.
    private static var cpuModel: String {
        let cpuinfo = FileManager.default.contents(atPath: "/proc/cpuinfo").map { String(decoding: $0, as: UTF8.self) }
        let modelLine = cpuinfo?.split(separator: "\n").first { $0.hasPrefix("model name") }
        if let model = modelLine?.split(separator: ":", maxSplits: 1).last {
            return model.trimmingCharacters(in: .whitespaces)
        }
        #if arch(arm64)
            return "arm64"
        #else
            return "x86_64"
        #endif
    }
}
