import ArgumentParser
import Foundation
import MaeilAPI
import MaeilServer

/// `maeil books publish`: who can see a book.
struct BooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "books", abstract: "Manage word books.", subcommands: [Publish.self])

    struct Publish: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish a book to the library, share it by link, or make it private.")

        @Argument(help: "The book: its exact name, or its id when two books share the name.")
        var book: String

        @Flag(help: "Who can see it besides you.")
        var visibility: VisibilityChoice

        @OptionGroup var user: UserOption
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let name = try await storage.withInstance { instance in
                try await instance.publish(
                    username: try await user.resolve(instance), bookName: book,
                    visibility: visibility.value)
            }
            print(visibility.done(name))
        }
    }

    enum VisibilityChoice: String, EnumerableFlag {
        case `public`, unlisted, `private`

        static func help(for value: VisibilityChoice) -> ArgumentHelp? {
            switch value {
            case .public: "Listed in the library."
            case .unlisted: "Seen by anyone signed in with its link; not listed."
            case .private: "Only you (copies others made stay theirs)."
            }
        }

        var value: BookVisibility {
            switch self {
            case .public: .public
            case .unlisted: .unlisted
            case .private: .private
            }
        }

        func done(_ name: String) -> String {
            switch self {
            case .public: "“\(name)” is in the library."
            case .unlisted: "“\(name)” can be seen by anyone with its link."
            case .private: "“\(name)” is private."
            }
        }
    }
}

/// `maeil library search|copy`: books others published.
struct LibraryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library", abstract: "Find and add books others published.",
        subcommands: [Search.self, Copy.self])

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "List public books, or those whose name, description or words match (choseong, the other keyboard layout, typos)."
        )

        @Argument(help: "What to look for (all public books when left out).")
        var query: String?

        @Option(help: "newest, most-copied, best-rated or most-reviewed.")
        var sort: LibrarySort = .newest

        @Option(help: "Page of 20 books.")
        var page = 1

        @OptionGroup var user: UserOption
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            let found = try await storage.withInstance { instance in
                try await instance.library(
                    username: try await user.resolve(instance), query: query, sort: sort,
                    page: page)
            }
            if found.items.isEmpty {
                print(query == nil ? "No public books yet." : "No public book matches.")
                return
            }
            for book in found.items {
                print("\(book.id.uuidString)  \(book.name)")
                let copies = book.copyCount == 1 ? "added once" : "added \(book.copyCount) times"
                let words = book.wordCount == 1 ? "1 word" : "\(book.wordCount) words"
                let rating =
                    book.averageStars.map {
                        let reviews =
                            book.reviewCount == 1 ? "1 review" : "\(book.reviewCount) reviews"
                        return "★ \(String(format: "%.1f", $0)) (\(reviews)) · "
                    } ?? ""
                print("    \(rating)\(words) · \(copies) · by \(book.owner.name)")
                if !book.description.isEmpty { print("    \(book.description)") }
            }
            let pages = max(1, (found.total + found.perPage - 1) / found.perPage)
            let total = found.total == 1 ? "1 book" : "\(found.total) books"
            print("Page \(found.page) of \(pages) (\(total)).")
        }
    }

    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Add a copy of a published book to your books (its words, not the owner's study).")

        @Argument(help: "The book's id, as `maeil library search` shows it.")
        var id: String

        @OptionGroup var user: UserOption
        @OptionGroup var storage: StorageOptions

        func run() async throws {
            guard let bookID = UUID(uuidString: id) else {
                throw CLIError("“\(id)” is not a book id; `maeil library search` shows them")
            }
            let copy = try await storage.withInstance { instance in
                try await instance.copyLibraryBook(
                    username: try await user.resolve(instance), id: bookID)
            }
            let words = copy.wordCount == 1 ? "1 word" : "\(copy.wordCount) words"
            print("Added “\(copy.name)” (\(words)) to your books.")
        }
    }
}

extension LibrarySort: ExpressibleByArgument {}
