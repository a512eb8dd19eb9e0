import Foundation

extension JSONDecoder {
    /// Reads the API's JSON: dates are ISO 8601, with or without fractional seconds.
    public static func maeilAPI() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            let plain = ISO8601DateFormatter()
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions.insert(.withFractionalSeconds)
            guard let date = plain.date(from: text) ?? fractional.date(from: text) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "not an ISO 8601 date: \(text)"))
            }
            return date
        }
        return decoder
    }
}
