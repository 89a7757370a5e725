// Written by hand beside the build-tool plugin's output, in the same module.
extension Pet {
    /// A line for the pet, from its generated `name`.
    public var greeting: String { "Hello, \(name)!" }
}
