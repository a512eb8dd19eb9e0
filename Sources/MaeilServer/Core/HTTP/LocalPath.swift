/// Where the web app may send a browser back to after a form: only a path on
/// this site. Browsers drop tabs and newlines anywhere in a URL, strip leading
/// control characters and spaces, and read `\` as `/`, so `/\t/evil.example`
/// arrives as `//evil.example`, another site. A path with any control
/// character or backslash is therefore refused outright, not cleaned.
enum LocalPath {
    /// `raw` if it is an absolute local path (`/…`, not `//…`), else nil.
    static func validated(_ raw: String?) -> String? {
        guard let raw, raw.hasPrefix("/") else { return nil }
        let scalars = raw.unicodeScalars
        if scalars.dropFirst().first == "/" { return nil }
        for scalar in scalars where scalar == "\\" || isControl(scalar) {
            return nil
        }
        return raw
    }

    /// C0 controls (tab and newline among them), DEL and the C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
