import Testing

@testable import AnkiPackage

@Suite struct AnkiTextTests {
    @Test func htmlBecomesTextWithItsLineBreaks() {
        #expect(AnkiText.plain(#"사과<br>(fruit) <img src="apple.png">"#) == "사과\n(fruit)")
        #expect(AnkiText.plain("강 &amp; 하천") == "강 & 하천")
        #expect(AnkiText.plain("<div>one</div><div>two</div>") == "one\ntwo")
        #expect(
            AnkiText.plain("<b>bold</b>&nbsp;and &lt;tag&gt; &#44032;&#x3042;")
                == "bold and <tag> 가あ")
        #expect(AnkiText.plain("apple [sound:apple.wav]") == "apple")
        #expect(AnkiText.plain("<br><br>a<br><br><br>b<br>") == "a\n\nb")
        #expect(AnkiText.plain("<style>.x{}</style>text<script>alert(1)</script>") == "text")
        #expect(AnkiText.plain("5 &lt 6 & 7") == "5 &lt 6 & 7", "not an entity: kept")
        #expect(AnkiText.plain("A<BR/>B< br >C</DIV>D</span>E") == "A\nB\nC\nDE")
        #expect(AnkiText.plain("[1] a < b") == "[1] a < b", "a bracket and a lone < stay text")
        #expect(AnkiText.plain("x<SCRIPT>y</script >z") == "xz")
        #expect(AnkiText.plain("\u{00A0} a \t  b ") == "a b")
    }

    @Test func clozeMarkersBecomeTheirAnswers() {
        #expect(
            AnkiText.plain("The {{c1::cat}} sat on the {{c2::mat::floor}}.")
                == "The cat sat on the mat.")
    }

    @Test func mediaNamesComeFromSoundTagsAndImages() {
        #expect(
            AnkiText.mediaNames(
                #"[sound:a.mp3] <img src="b.jpg"><IMG SRC='c&amp;d.png'> [sound:a.mp3]"#)
                == ["a.mp3", "b.jpg", "c&d.png"])
    }

    @Test func templatesTellTheLanguagesTheirFieldsAreSpokenIn() {
        #expect(
            AnkiText.spokenLanguages(
                "{{Front}}{{tts en_US:Front}}\n{{Back}} {{tts ko_KR voices=Apple_Yuna:Back}} {{tts ja:cloze:Text}}"
            ) == ["Front": "en", "Back": "ko", "Text": "ja"])
        #expect(AnkiText.spokenLanguages("{{Front}}<hr>{{Back}}").isEmpty)
    }

    @Test func defaultMappingsGoByFieldNames() {
        #expect(AnkiFieldMapping.defaultRoles(for: ["Front", "Back"]) == [.term, .meaning])
        #expect(
            AnkiFieldMapping.defaultRoles(for: ["Expression", "Reading", "Meaning", "Notes"])
                == [.term, .reading, .meaning, .note])
        #expect(AnkiFieldMapping.defaultRoles(for: ["Text", "Back Extra"]) == [.term, .note])
        #expect(
            AnkiFieldMapping.defaultRoles(for: ["단어", "뜻", "예문"]) == [.term, .meaning, .example])
        #expect(AnkiFieldMapping.defaultRoles(for: ["A", "B", "C"]) == [.term, .meaning, .skip])
        #expect(
            AnkiFieldMapping.defaultRoles(for: ["Word", "Term", "Back"]) == [
                .term, .note, .meaning,
            ],
            "a second term field is kept as a note")
        // No field named like a term: one of the others becomes it.
        #expect(AnkiFieldMapping.defaultRoles(for: ["Meaning", "Reading"]) == [.meaning, .term])
        #expect(
            AnkiFieldMapping.defaultRoles(for: ["Meaning", "Reading", "Notes"]) == [
                .meaning, .term, .note,
            ])
        #expect(AnkiFieldMapping.defaultRoles(for: ["Meaning"]) == [.term])
        #expect(AnkiFieldMapping.defaultRoles(for: ["뜻", "예문"]) == [.meaning, .term])
    }
}
