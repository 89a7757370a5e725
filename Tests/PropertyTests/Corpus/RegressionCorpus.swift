import Foundation

/// Every counterexample the property suite has found, kept as a fixed case that runs before the
/// generated ones, every time. Paste a report's minimal input here (and say in a comment what broke).
enum RegressionCorpus {
    /// Inputs of the encoder properties (each property runs all of them).
    static let encoderCases: [EncoderCase] = []
}
