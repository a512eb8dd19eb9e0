import Foundation

/// The usable words of a quiz, grouped by folded answer, to pick wrong choices from.
struct QuizPool {
    struct Word {
        var item: StudyItem
        var prompt: String
        var answer: String
        var promptKey: String
        var answerGroup: Int
    }

    /// Words with one folded answer.
    struct AnswerGroup {
        var members: [Int] = []
        /// The prompt keys of the members. A group never gives a wrong choice to a
        /// question with one of these prompts: its answer is right for that prompt too.
        var prompts: Set<String> = []
    }

    private(set) var words: [Word] = []
    private(set) var groups: [AnswerGroup] = []
    /// For a prompt key: how many groups have a member with that prompt.
    private var groupsWithPrompt: [String: Int] = [:]

    init(items: [StudyItem], direction: StudyDirection) {
        var seen = Set<UUID>()
        var groupOfKey: [String: Int] = [:]
        for item in items where seen.insert(item.id).inserted {
            let prompt = TextTrim.trimmed(item.prompt(direction))
            let answer = TextTrim.trimmed(item.answer(direction))
            let promptKey = SearchFolding.fold(prompt)
            let answerKey = SearchFolding.fold(answer)
            if promptKey.isEmpty || answerKey.isEmpty { continue }
            let group: Int
            if let known = groupOfKey[answerKey] {
                group = known
            } else {
                group = groups.count
                groupOfKey[answerKey] = group
                groups.append(AnswerGroup())
            }
            if groups[group].prompts.insert(promptKey).inserted {
                groupsWithPrompt[promptKey, default: 0] += 1
            }
            groups[group].members.append(words.count)
            words.append(
                Word(
                    item: item, prompt: prompt, answer: answer, promptKey: promptKey,
                    answerGroup: group))
        }
    }

    /// Whether `group` may give a wrong choice to `word` (never its own group, which
    /// has the word's prompt too).
    func canGiveWrongChoice(_ group: Int, to word: Word) -> Bool {
        !groups[group].prompts.contains(word.promptKey)
    }

    /// Whether three distinct wrong choices exist for the word at `index`.
    func canAsk(_ index: Int) -> Bool {
        let barred = groupsWithPrompt[words[index].promptKey, default: 0]
        return groups.count - barred >= QuizGame.choiceCount - 1
    }

    /// A question for the word at `index` (which `canAsk`), and the groups its
    /// wrong choices came from. Groups in `avoiding` (shown before) are taken
    /// only when the others cannot make up three.
    func question(
        for index: Int, avoiding shown: Set<Int>, using rng: inout some RandomNumberGenerator
    ) -> (QuizQuestion, [Int]) {
        let word = words[index]
        let needed = QuizGame.choiceCount - 1
        var picked: [Int] = []
        // Random probes are quick when most groups qualify; the scans below cover the rest.
        var probes = 0
        while picked.count < needed && probes < 32 {
            probes += 1
            let group = Int.random(in: 0..<groups.count, using: &rng)
            if canGiveWrongChoice(group, to: word) && !shown.contains(group)
                && !picked.contains(group)
            {
                picked.append(group)
            }
        }
        for allowShown in [false, true] where picked.count < needed {
            let rest = groups.indices.filter {
                canGiveWrongChoice($0, to: word) && (allowShown || !shown.contains($0))
                    && !picked.contains($0)
            }
            picked += rest.shuffled(using: &rng).prefix(needed - picked.count)
        }
        let wrong = picked.map(wrongChoice(from:))
        let all = [word.answer] + wrong
        let order = all.indices.shuffled(using: &rng)
        let question = QuizQuestion(
            itemID: word.item.id,
            prompt: word.prompt,
            choices: order.map { all[$0] },
            correctIndex: order.firstIndex(of: 0) ?? 0, term: word.item.spokenTerm)
        return (question, picked)
    }

    /// The text a group shows as a wrong choice: its first member's answer.
    private func wrongChoice(from group: Int) -> String {
        groups[group].members.first.map { words[$0].answer } ?? ""
    }
}
