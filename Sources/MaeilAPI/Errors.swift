import Foundation

/// The body of every refusal: `{"error": {"code": "…", "message": "…"}}`.
public struct ErrorBody: Codable, Sendable {
    public struct Detail: Codable, Sendable {
        public var code: ErrorCode
        /// A clear English sentence for people.
        public var message: String
        /// What the request clashed with (`duplicate_word`: the word already in the book).
        public var existingID: UUID?

        public init(code: ErrorCode, message: String, existingID: UUID? = nil) {
            self.code = code
            self.message = message
            self.existingID = existingID
        }
    }

    public var error: Detail

    public init(code: ErrorCode, message: String, existingID: UUID? = nil) {
        error = Detail(code: code, message: message, existingID: existingID)
    }
}

/// What went wrong, for programs: stable across releases and languages.
public enum ErrorCode: String, Codable, Sendable, CaseIterable {
    // Any route
    case badRequest = "bad_request"
    case invalidInput = "invalid_input"
    case invalidJSON = "invalid_json"
    /// A JSON field or query parameter the operation does not take (a misspelt name).
    case unknownField = "unknown_field"
    case controlCharacter = "control_character"
    case notFound = "not_found"
    case unauthorized
    case forbidden
    case methodNotAllowed = "method_not_allowed"
    case unsupportedMediaType = "unsupported_media_type"
    case tooLarge = "too_large"
    case rateLimited = "rate_limited"
    /// Every database connection stayed busy too long: try again (503, `Retry-After`).
    case busy
    /// The database cannot be reached (stopped, restarting, its files unusable): try again (503, `Retry-After`).
    case unavailable
    /// The server's disk is full; nothing was saved (507).
    case storageFull = "storage_full"
    case csrf
    case `internal`
    // Accounts
    case invalidCredentials = "invalid_credentials"
    case invalidUsername = "invalid_username"
    case invalidPassword = "invalid_password"
    case usernameTaken = "username_taken"
    /// The current password given to change the password or delete the account is wrong (403).
    case wrongPassword = "wrong_password"
    /// The typed confirmation (the username) does not match (422).
    case confirmationMismatch = "confirmation_mismatch"
    /// Sign-up is closed on this server (`MAEIL_SIGNUP=closed`, 403).
    case signupClosed = "signup_closed"
    /// Sign-up needs an invitation and the code is missing, used or expired (403).
    case invalidInvite = "invalid_invite"
    // Words and files
    /// The book has this word (term and reading) already; `existingID` names it (409).
    case duplicateWord = "duplicate_word"
    /// The starter book was added already; `existingID` names it (409).
    case alreadyAdded = "already_added"
    case invalidFile = "invalid_file"
    case badDate = "bad_date"
    case badRange = "bad_range"
    // Reviews
    case invalidRating = "invalid_rating"
    case notDue = "not_due"
    case staleAnswer = "stale_answer"
    case cardChanged = "card_changed"
    case nothingToUndo = "nothing_to_undo"
    // Games
    case notEnoughWords = "not_enough_words"
    case invalidMove = "invalid_move"
    case staleMove = "stale_move"
    case gameOver = "game_over"
    /// No speech engine is installed on the server (503).
    case speechUnavailable = "speech_unavailable"
    /// The speech engine cannot read the text, fails or takes too long.
    case speechFailed = "speech_failed"
    case nothingWrong = "nothing_wrong"

    // Lotto diary
    /// The text is not a lotto 6/45 ticket's QR code (the message says why).
    case invalidTicket = "invalid_ticket"
    /// The ticket (same serial) is already in the diary (409).
    case duplicateTicket = "duplicate_ticket"
    /// The server cannot read photos: ZBar or an image library is not installed (503).
    case photoUnavailable = "photo_unavailable"

    // Library and reviews
    /// The reader reviewed this book already; `existingID` names the review (409).
    case alreadyReviewed = "already_reviewed"
    /// An owner cannot review their own book (403).
    case ownBook = "own_book"
    /// The owner replied to this review already (409).
    case alreadyReplied = "already_replied"
    /// The reader reported this review already (409).
    case alreadyReported = "already_reported"
    /// Only an administrator may do this (403).
    case adminOnly = "admin_only"
    /// A picture that is damaged, cut off or larger than 2048 pixels a side (422).
    case invalidImage = "invalid_image"

    // Anki packages
    /// A package made by a current Anki needs libzstd, which the server lacks (503).
    case ankiUnavailable = "anki_unavailable"
}
