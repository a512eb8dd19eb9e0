/// One screenful of a study screen: a title bar with a status on the right, the
/// body, a message line, and the keys at the bottom, laid out for the terminal's size.
struct ScreenFrame {
    var title: String
    var status: String = ""
    var body: [String] = []
    /// Feedback or an error, just above the keys (wrapped onto two lines at most).
    var message: ScreenMessage?
    var keys: [String] = []

    func lines(columns: Int, rows: Int) -> [String] {
        let rule = ScreenText.styled(String(repeating: "─", count: columns), ScreenText.dim)
        let top = [
            " "
                + ScreenText.spread(
                    ScreenText.styled(title, ScreenText.bold), status + " ", width: columns - 1),
            rule,
        ]
        // Two lines for the message, always, so the layout does not jump when one appears.
        var messageLines =
            message.map { message in
                ScreenText.wrap(message.text, width: columns - 2).prefix(2).map {
                    " " + ScreenText.styled($0, message.style)
                }
            } ?? []
        messageLines =
            [""] + messageLines + Array(repeating: "", count: max(0, 2 - messageLines.count))
        let bottom = messageLines + [rule] + keys.map { " " + $0 }
        let room = max(0, rows - top.count - bottom.count)
        let middle =
            Array(body.prefix(room)) + Array(repeating: "", count: max(0, room - body.count))
        return top + middle + bottom
    }

    func draw(on terminal: Terminal) {
        let size = terminal.size
        terminal.draw(lines(columns: size.columns, rows: size.rows))
    }
}

/// A line of feedback under a screen's body.
struct ScreenMessage {
    var text: String
    var style: String

    static func note(_ text: String) -> ScreenMessage {
        ScreenMessage(text: text, style: ScreenText.dim)
    }
    static func failure(_ error: any Error) -> ScreenMessage {
        ScreenMessage(text: String(describing: error), style: ScreenText.red)
    }
}
