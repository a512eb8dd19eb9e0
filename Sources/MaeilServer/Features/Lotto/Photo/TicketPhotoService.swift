import Foundation
import Lotto
import NIOPosix
import Vapor

/// A ticket from a photo: the QR codes ZBar finds in it, read on the thread pool (a large
/// photo takes a fifth of a second), and the first that is a lotto ticket. A photo whose only
/// code is something else (the store's receipt, a pension ticket) gets that code's reason.
struct TicketPhotoService: Sendable {
    let reader: TicketPhotoReader
    let pool: NIOThreadPool

    func ticket(inPhoto data: Data) async throws -> LottoTicket {
        let reader = reader
        let texts = try await pool.runIfActive { () throws(PhotoProblem) -> [String] in
            try reader.qrTexts(in: data)
        }
        var firstProblem: TicketQRError?
        for text in texts {
            do {
                return try LottoTicket.decode(qr: text)
            } catch {
                firstProblem = firstProblem ?? error
            }
        }
        throw LottoDiary.EntryProblem.ticket(firstProblem ?? .notTicketAddress)
    }
}

extension Request {
    func ticketPhotos() -> TicketPhotoService {
        TicketPhotoService(reader: .shared, pool: application.threadPool)
    }
}
