/// A prefix tree from input characters to output text, read greedily: the longest
/// path that matches the input wins. Both directions of the kana engine are one of
/// these (romaji → kana and kana → romaji).
///
/// A node without a value of its own reads as the text that led to it: its parent's
/// value plus the character that was followed (so `ny` with no vowel yet reads
/// "んy"), and a character the tree does not know reads as itself.
struct ConversionTree: Sendable {
    var value: String?
    var children: [Unicode.Scalar: ConversionTree] = [:]

    init(value: String? = nil) {
        self.value = value
    }

    /// The subtree at `path`; reading creates nothing, writing creates the nodes on the way.
    subscript(path: String) -> ConversionTree {
        get { self[Substring(path).unicodeScalars] }
        set { self[Substring(path).unicodeScalars] = newValue }
    }

    subscript(path: Substring.UnicodeScalarView) -> ConversionTree {
        get {
            guard let first = path.first else { return self }
            return (children[first] ?? ConversionTree())[path.dropFirst()]
        }
        set {
            guard let first = path.first else {
                self = newValue
                return
            }
            children[first, default: ConversionTree()][path.dropFirst()] = newValue
        }
    }

    /// Sets the output of the whole of `path`.
    mutating func set(_ path: String, to output: String) {
        self[path].value = output
    }

    /// Every value below and at this node, rewritten by `transform`.
    func mappingValues(_ transform: (String) -> String) -> ConversionTree {
        var copy = ConversionTree(value: value.map(transform))
        for (key, child) in children {
            copy.children[key] = child.mappingValues(transform)
        }
        return copy
    }

    /// One stretch of the input and what it became; `output` is nil for an unfinished
    /// ending that is left as typed (IME mode).
    struct Chunk: Equatable {
        var range: Range<Int>
        var output: String?
    }

    /// Cuts `input` into the longest paths the tree knows. At the end of the input a
    /// path that could still go on is converted as it stands when `convertEnding`,
    /// and left unconverted (output nil) when not, which is how typing waits for
    /// the next key.
    func chunks(of input: [Unicode.Scalar], convertEnding: Bool) -> [Chunk] {
        var chunks: [Chunk] = []
        var position = 0
        while position < input.count {
            let start = position
            var node = children[input[position]] ?? ConversionTree()
            var output = node.value ?? String(Character(input[position]))
            position += 1
            while true {
                if position == input.count {
                    if convertEnding || node.children.isEmpty {
                        if !output.isEmpty {
                            chunks.append(Chunk(range: start..<position, output: output))
                        }
                    } else {
                        chunks.append(Chunk(range: start..<position, output: nil))
                    }
                    break
                }
                guard let next = node.children[input[position]] else {
                    chunks.append(Chunk(range: start..<position, output: output))
                    break
                }
                output = next.value ?? output + String(Character(input[position]))
                node = next
                position += 1
            }
        }
        return chunks
    }
}
