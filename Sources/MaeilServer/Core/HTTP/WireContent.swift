import MaeilAPI
import Vapor

// The wire types (MaeilAPI) are plain Codable; the server reads and writes them
// as Vapor content. The most requested responses write their own JSON (`JSONWritable`).

extension CredentialsInput: Content {}
extension UserDTO: Content {}
extension NewTokenDTO: Content {}
extension TokenDTO: Content {}
extension TokenInput: Content {}
extension LoginResultDTO: Content {}

extension BookDTO: Content {}
extension BookInput: Content {}
extension BookPatch: Content {}
extension BookDeletedDTO: Content {}
extension LibraryPageDTO: Content {}
extension LibraryBookDetailDTO: Content {}
extension ReviewDTO: Content {}
extension ReviewPageDTO: Content {}
extension ReviewInput: Content {}
extension ReplyInput: Content {}
extension ReportInput: Content {}
extension ReviewReportDTO: Content {}
extension AvatarDTO: Content {}
extension CopyUpdatesDTO: Content {}
extension PullResultDTO: Content {}
extension ImportResultDTO: Content {}
extension AnkiImportResultDTO: Content {}
extension AutofillResultDTO: Content {}
extension AccountImportResultDTO: Content {}
extension UnsuspendResultDTO: Content {}

extension WordDTO: Content {
    public func encodeResponse(for request: Request) async throws -> Response { jsonResponse() }
}
extension WordInput: Content {}
extension WordPatch: Content {}
extension WordPageDTO: Content {
    public func encodeResponse(for request: Request) async throws -> Response { jsonResponse() }
}
extension BulkRequest: Content {}
extension BulkResultDTO: Content {}
extension SearchResultDTO: Content {
    public func encodeResponse(for request: Request) async throws -> Response { jsonResponse() }
}
extension CalendarDayDTO: Content {}
extension CalendarMonthDTO: Content {}

extension StudyCardDTO: Content {}
extension ReviewQueueDTO: Content {}
extension StudySummaryDTO: Content {}
extension StudyMoreInput: Content {}
extension BookLimitsDTO: Content {}
extension ReviewAnswerInput: Content {}
extension StudySettingsDTO: Content {}
extension StudySettingsPatch: Content {}

extension GameDTO: Content {}
extension GameStartInput: Content {}
extension GameMoveInput: Content {}
extension MistakeDTO: Content {}
extension GameSummaryDTO: Content {}

extension StatsDashboardDTO: Content {}
extension StatsDayDTO: Content {}
extension StatsDaysDTO: Content {}
extension StatsTotalsDTO: Content {}

extension JapaneseCoursesDTO: Content {}
extension JapaneseDayDTO: Content {}
extension KanjiDTO: Content {}
extension JapaneseProgressDTO: Content {}
extension JapaneseDayBookDTO: Content {}
extension DictionarySearchDTO: Content {}
extension JapaneseBookmarkInput: Content {}
extension JapaneseBookmarksDTO: Content {}

extension ErrorBody: Content {}

extension LottoDecodeInput: Content {}
extension LottoTicketDTO: Content {}
extension LottoDrawDTO: Content {}
extension LottoEntryDTO: Content {}
extension LottoEntryInput: Content {}
extension LottoMonthDTO: Content {}
extension LottoSettingsDTO: Content {}
extension LottoSettingsInput: Content {}
extension LottoPickInput: Content {}
extension LottoPickDTO: Content {}
extension LottoYearDTO: Content {}
extension LottoFeedDTO: Content {}
extension LottoManualDrawInput: Content {}
