extension GeneratorOutput {
    /// The output as one file of this name: the header once, every file's imports once (sorted), then each file's
    /// declarations under a `// MARK:` naming it, in the files' order.
    ///
    /// For a build-tool plugin, which must name its output files before the generator reads the document.
    public func singleFile(named name: String) -> GeneratedFile {
        var header: [Substring] = []
        var imports: Set<Substring> = []
        var sections: [String] = []
        for file in files {
            var lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)[...]
            // Each file opens with its header comment, a blank line and its imports.
            if let first = lines.first, first.hasPrefix("//") {
                if header.isEmpty { header = [first] }
                lines = lines.dropFirst()
            }
            while let line = lines.first, line.isEmpty || line.hasPrefix("import ") {
                if line.hasPrefix("import ") { imports.insert(line) }
                lines = lines.dropFirst()
            }
            var body = lines.joined(separator: "\n")
            while body.hasSuffix("\n") { body.removeLast() }
            let title = "// MARK: - " + (file.name.hasSuffix(".swift") ? String(file.name.dropLast(6)) : file.name)
            sections.append(body.isEmpty ? title : title + "\n\n" + body)
        }
        var parts: [String] = []
        if !header.isEmpty { parts.append(header.joined(separator: "\n")) }
        if !imports.isEmpty {
            parts.append(imports.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: "\n"))
        }
        parts += sections
        return GeneratedFile(name: name, contents: parts.joined(separator: "\n\n") + "\n")
    }
}
