/// Which media files of a package a word keeps: sounds and pictures a browser plays
/// or shows by themselves, each at most `fileLimit` bytes. SVG is left out (it can
/// carry scripts), and so is anything else.
public enum AnkiMedia {
    public static let fileLimit = 10 * 1_048_576

    /// The media type of a file by its name's extension, nil when it is not kept.
    public static func contentType(ofName name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return types[name[name.index(after: dot)...].lowercased()]
    }

    public static func isImage(_ contentType: String) -> Bool { contentType.hasPrefix("image/") }

    private static let types: [String: String] = [
        "mp3": "audio/mpeg", "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/ogg",
        "wav": "audio/wav", "m4a": "audio/mp4", "flac": "audio/flac", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
    ]
}
