import Vapor

/// The server-rendered web app. Sessions (stored in the database) carry the
/// login; every unsafe request must carry the session's CSRF token.
struct WebRoutes: RouteCollection {
    /// `app.sessions.middleware`, made after the session driver is chosen.
    let sessions: SessionsMiddleware

    func boot(routes: any RoutesBuilder) throws {
        let web = routes.grouped(
            SecureCookiesMiddleware(), sessions, DropEmptySessionMiddleware(),
            UserSessionAuthenticator(), CSRFMiddleware())
        try web.register(collection: AuthWebController())
        // A path no route has gets its 404 here rather than from the router, so
        // that the session is read and a signed-in visitor keeps the menu.
        web.get("**") { _ -> Response in throw Abort(.notFound) }
        // Calendar apps carry no session: the feed's secret address is its key.
        try routes.register(collection: LottoFeedWebController())
        let signedIn = web.grouped(RequireWebUserMiddleware())
        try signedIn.register(collection: BooksWebController())
        try signedIn.register(collection: LibraryWebController())
        try signedIn.register(collection: ReviewWebController())
        try signedIn.register(collection: AvatarWebController())
        try signedIn.register(collection: WordsWebController())
        try signedIn.register(collection: SearchWebController())
        try signedIn.register(collection: CalendarWebController())
        try signedIn.register(collection: StudyWebController())
        try signedIn.register(collection: GamesWebController())
        try signedIn.register(collection: MistakesWebController())
        try signedIn.register(collection: DiaryWebController())
        try signedIn.register(collection: JapaneseWebController())
        try signedIn.register(collection: SpeechWebController())
        try signedIn.register(collection: LottoWebController())
        try signedIn.register(collection: SettingsWebController())
        try signedIn.register(collection: AutofillWebController())

        // Uploads may be as big as the API allows.
        let uploads = routes.grouped(
            SecureCookiesMiddleware(), sessions, DropEmptySessionMiddleware(),
            UserSessionAuthenticator(),
            RequireWebUserMiddleware(),
            CSRFMiddleware(maxBodySize: "20mb"))
        try uploads.register(collection: ImportWebController())
        try uploads.register(collection: LottoWebController.Uploads())
        // Anki packages are bigger still.
        let packages = routes.grouped(
            SecureCookiesMiddleware(), sessions, DropEmptySessionMiddleware(),
            UserSessionAuthenticator(),
            RequireWebUserMiddleware(),
            CSRFMiddleware(maxBodySize: ByteCount(value: AnkiImporter.packageLimit)))
        try packages.register(collection: AnkiWebController())
        // An account's archive may be bigger again.
        let archives = routes.grouped(
            SecureCookiesMiddleware(), sessions, DropEmptySessionMiddleware(),
            UserSessionAuthenticator(),
            RequireWebUserMiddleware(),
            CSRFMiddleware(maxBodySize: ByteCount(value: AccountArchiveService.archiveLimit)))
        try archives.register(collection: AccountArchiveWebController())
    }
}
