import ArgumentParser

/// The text a text tool works on (`maeil hangul …`, `maeil kana …`): its arguments, or
/// standard input when there are none.
struct TextInput: ParsableArguments {
    @Argument(
        help:
            "The input, one result line each (default: the lines of standard input; put -- before input that starts with -)."
    )
    var text: [String] = []

    /// Calls `transform` on every argument, or on every line of standard input when
    /// there are no arguments, and prints each result on its own line.
    func printEach(_ transform: (String) -> String) {
        Self.printEach(text, transform)
    }

    static func printEach(_ inputs: [String], _ transform: (String) -> String) {
        if inputs.isEmpty {
            while let line = readLine(strippingNewline: true) {
                print(transform(line))
            }
        } else {
            for input in inputs {
                print(transform(input))
            }
        }
    }
}
