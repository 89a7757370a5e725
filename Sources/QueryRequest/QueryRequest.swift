// `import QueryRequest` is enough to use `QueryEncoder` and `QueryDecoder` too.
@_exported import QueryCoding
