/// Characters no text field takes: the C0 controls except tab, line feed and
/// carriage return, DEL, and the C1 controls. They are invisible, never typed,
/// and NUL cannot even be stored by PostgreSQL; text holding one is refused
/// with a clear error instead of failing deep in the database.
public enum ControlCharacters {
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0..<0x20, 0x7F...0x9F: true
        default: false
        }
    }

    /// Whether `text` holds a forbidden character (also tab and line breaks when
    /// `allowingLineBreaks` is false: a name or a query is one line).
    public static func occur(in text: String, allowingLineBreaks: Bool = true) -> Bool {
        occur(inUTF8: text.utf8, allowingLineBreaks: allowingLineBreaks)
    }

    /// The same check on UTF-8 bytes (a percent-decoded URL, say).
    public static func occur(inUTF8 bytes: some Sequence<UInt8>, allowingLineBreaks: Bool = true)
        -> Bool
    {
        // Bytes are enough: every forbidden scalar but the C1 ones is one byte,
        // and C1 scalars are the two bytes C2 80…C2 9F.
        var afterC2 = false
        for byte in bytes {
            if byte < 0x20 {
                if allowingLineBreaks && (byte == 0x09 || byte == 0x0A || byte == 0x0D) { continue }
                return true
            }
            if byte == 0x7F || (afterC2 && (0x80...0x9F).contains(byte)) { return true }
            afterC2 = byte == 0xC2
        }
        return false
    }
}
