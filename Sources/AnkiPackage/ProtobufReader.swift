import Foundation

/// Just enough of the protobuf wire format to read Anki's small messages (the
/// package's `meta`, the media list): each field's number and its value, varints
/// and length-delimited bytes; other wire types are skipped.
struct ProtobufReader {
    enum Value {
        case varint(UInt64)
        case bytes(Data)
    }

    /// The fields of `data` in order, or nil when it is not a well-formed message.
    static func fields(_ data: Data) -> [(number: Int, value: Value)]? {
        let bytes = [UInt8](data)
        var index = 0
        var fields: [(Int, Value)] = []
        func varint() -> UInt64? {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count, shift < 64 {
                let byte = bytes[index]
                index += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return result }
                shift += 7
            }
            return nil
        }
        while index < bytes.count {
            guard let key = varint() else { return nil }
            let number = Int(key >> 3)
            switch key & 7 {
            case 0:
                guard let value = varint() else { return nil }
                fields.append((number, .varint(value)))
            case 1:
                index += 8
            case 2:
                guard let length = varint(), length <= UInt64(bytes.count - index) else {
                    return nil
                }
                fields.append((number, .bytes(Data(bytes[index..<index + Int(length)]))))
                index += Int(length)
            case 5:
                index += 4
            default:
                return nil
            }
            if index > bytes.count { return nil }
        }
        return fields
    }
}

/// Single fields of a protobuf message, for readers outside this module (the
/// server reads schema 18's configs with them).
public enum ProtobufFields {
    /// The first length-delimited field `field` as UTF-8 text.
    public static func string(_ message: Data, field: Int) -> String? {
        guard
            case .bytes(let bytes)? = ProtobufReader.fields(message)?.first(where: {
                $0.number == field
            })?.value
        else { return nil }
        return String(data: bytes, encoding: .utf8)
    }

    /// The first varint field `field`.
    public static func varint(_ message: Data, field: Int) -> UInt64? {
        guard
            case .varint(let value)? = ProtobufReader.fields(message)?.first(where: {
                $0.number == field
            })?.value
        else { return nil }
        return value
    }

    /// The numbers of the message's fields, in order.
    public static func numbers(_ message: Data) -> [Int]? {
        ProtobufReader.fields(message)?.map(\.number)
    }
}
