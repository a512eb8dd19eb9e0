#!/usr/bin/env bash
# End-to-end test of the text tools `maeil hangul …`, `maeil kana …` and `maeil lotto decode`: runs the built binary on examples and compares
# its exact output (stdout, byte for byte) and exit status. Prints a diff for every
# mismatch and exits non-zero when any case fails.
#   swift build --product maeil && scripts/cli-text-test.sh [path/to/maeil]
set -uo pipefail
cd "$(dirname "$0")/.."
MAEIL=$(realpath "${1:-.build/debug/maeil}")
if [ ! -x "$MAEIL" ]; then
    echo "cli-text-test: $MAEIL not found; run: swift build --product maeil" >&2
    exit 2
fi

WORK=$(mktemp -d /tmp/maeil-cli-text.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
# Run from an empty folder with no database settings: the commands must not open
# (or create) a database.
cd "$WORK"
unset DATABASE_URL MAEIL_DATA_DIR

passed=0
failed=0
TOOL=hangul  # the command every check runs: maeil $TOOL ARGS…

# check NAME STDIN EXPECTED_STDOUT [EXPECTED_STATUS] -- ARGS…
# STDIN is fed as is ("" = empty standard input); EXPECTED_STDOUT is compared with
# the whole of stdout plus a final newline, or with nothing at all when it is NOTHING.
check() {
    local name=$1 input=$2 expected=$3 status=0
    shift 3
    if [ "$1" != "--" ]; then status=$1; shift; fi
    shift
    local got rc
    got=$(printf '%s' "$input" | "$MAEIL" "$TOOL" "$@" 2>"$WORK/stderr"; echo "rc=$?")
    rc=${got##*rc=}
    got=${got%rc=*}
    local want=""
    [ "$expected" == NOTHING ] || want=$expected$'\n'
    if [ "$got" == "$want" ] && [ "$rc" == "$status" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name (maeil $TOOL $*)"
        [ "$rc" == "$status" ] || echo "  exit status $rc, expected $status"
        diff -u --label expected --label got <(printf '%s' "$want") <(printf '%s' "$got") | sed 's/^/  /'
        [ -s "$WORK/stderr" ] && sed 's/^/  stderr: /' "$WORK/stderr"
    fi
}

# check_error NAME MESSAGE ARGS…: fails with exit status 64 (usage) and MESSAGE on stderr.
check_error() {
    local name=$1 message=$2
    shift 2
    check "$name" "" NOTHING 64 -- "$@"
    if ! grep -qF -- "$message" "$WORK/stderr"; then
        failed=$((failed + 1))
        echo "FAIL: $name: stderr lacks \"$message\":"
        sed 's/^/  stderr: /' "$WORK/stderr"
    fi
}

NFD_GAPS=$'\u1100\u1161\u11b9'  # 값 as conjoining jamo

# compose / decompose
check "compose args" "" $'값\n과\n갑시\nㄱㄱ' -- compose ㄱㅏㅂㅅ ㄱㅗㅏ ㄱㅏㅂㅅㅣ ㄱㄱ
check "compose stdin, empty line kept" $'ㄱㅏㅄ\n\nabc 123\n' $'값\n\nabc 123' -- compose
check "compose NFD" "$NFD_GAPS" "값" -- compose
check "decompose" "" $'ㄱㅏㅄ\nㄷㅏㄺ\nㄱㅘ' -- decompose 값 닭 과
check "decompose --split-compounds" "" $'ㄱㅏㅂㅅ\nㄷㅏㄹㄱ\nㄱㅗㅏ\nㄲㅏ' -- decompose --split-compounds 값 닭 과 까
check "decompose NFD stdin" "$NFD_GAPS"$'\n' "ㄱㅏㅄ" -- decompose
check "decompose passes other text" "" "Hello, ㄱㅏ 世界!" -- decompose "Hello, 가 世界!"

# qwerty / hangul
check "qwerty" "" $'dkssud\nRk\nrkqt\nrhk\nzz' -- qwerty 안녕 까 값 과 ㅋㅋ
check "qwerty mixed text" "" "dkssud, world 123!" -- qwerty "안녕, world 123!"
check "hangul" "" $'안녕\n값이\n까\nㅏㄱ' -- hangul dkssud rkqtdl Rk kr
check "hangul stdin" $'dkssudgktpdy!\ngksrmf 123\n' $'안녕하세요!\n한글 123' -- hangul
check "qwerty round trip" "" "gksrnrdj" -- qwerty 한국어
check "dashes after --" "" "-dkssud" -- qwerty -- -안녕

# romanize
check "romanize" "" $'silla\njongno\nbaengma\nhaedoji\ngachi\n1bak2il' -- romanize 신라 종로 백마 해돋이 같이 1박2일
check "romanize --capitalize first" "" "Jiphyeonjeon" -- romanize --capitalize first 집현전
check "romanize --capitalize words" "" "Jongno Sinmunno" -- romanize --capitalize words "종로 신문로"
check "romanize --insert-nieun" "" "hangnyeoul" -- romanize --insert-nieun 학여울
check "romanize default: no insertion" "" "hagyeoul" -- romanize 학여울
check "romanize --no-h-after-stops" "" "japyeo" -- romanize --no-h-after-stops 잡혀
check "romanize h after stops" "" "Mukho" -- romanize --capitalize first 묵호

# choseong
check "choseong" "" $'ㅅㄱ\nㄷㅎㅁㄱ ㅁㅅ!' -- choseong 사과 "대한민국 만세!"

# josa
check "josa args" "" $'사과를\n책을' -- josa 을 사과 책
check "josa any spelling" "" $'사과가\n책이' -- josa 이/가 사과 책
check "josa ㄹ rule" "" $'서울로\n부산으로' -- josa 로 서울 부산
check "josa stdin" $'사과\n책\n\n1\n' $'사과와\n책과\n\n1과' -- josa 와
check "josa undecided" "" "漢字을(를)" -- josa 를 漢字

# type
check "type --backspace stdin" $'rkfrk<\n' "갈ㄱ" -- type --backspace '<'
check "type --backspace args" "" $'안녀\n안' -- type --backspace '#' 'dkssud#' 'dkssud###'
check "type backspace deletes committed text" "" $'12\n가' -- type --backspace '<' '12 3<<' 'rk1<'
check "type without --backspace" "" "갈가<" -- type 'rkfrk<'
check "type fresh context per line" $'rk\nk\nrk' $'가\nㅏ\n가' -- type
check "type shift and compounds" "" $'까\n값이\n왜' -- type Rk rkqtdl dho

# empty and odd input
check "empty stdin prints nothing" "" NOTHING -- compose
check "empty stdin josa prints nothing" "" NOTHING -- josa 을
check "empty argument gives an empty line" "" "" -- decompose ""
check "empty line gives an empty line" $'\n' "" -- type --backspace '<'
check "non-Hangul passes through" "" $'abc 123 !?\n😀 漢字' -- choseong "abc 123 !?" "😀 漢字"
check_error "unknown particle" "unknown particle 'xx'" josa xx 사과
check_error "josa without particle" "Missing expected argument" josa
check_error "--backspace takes one character" "--backspace takes exactly one character" type --backspace '<<' rk
check_error "unknown capitalization" "--capitalize" romanize --capitalize shout 신라
check_error "unknown subcommand" "hangul" frobnicate x

# kana
TOOL=kana
check "hiragana args" "" $'がっこう\nかーど\nまtちゃ\nかんんな' -- hiragana gakkou ka-do matcha kannna
check "hiragana from katakana" "" $'らあめん\nこうひい' -- hiragana ラーメン コーヒー
check "katakana" "" $'カード\nヒラガナ\nオネエーサン' -- katakana ka-do ひらがな onee-san
check "romaji" "" $'kin\'youbi\nkoohii\nmatcha\nshinbun' -- romaji きんようび コーヒー まっちゃ しんぶん
check "romaji stdin, empty line kept" $'ほんや\n\nがっこう\n' $'hon\'ya\n\ngakkou' -- romaji
check "kana passes other text" "" $'学生 한국어 123\n学生のです' -- hiragana "学生 한국어 123" 学生のdesu
check "empty stdin prints nothing (kana)" "" NOTHING -- katakana
check_error "unknown kana subcommand" "kana" frobnicate x

# lotto decode: the real tickets of ../shared/data/lotto/qr.tsv; never the serial
TOOL=lotto
T868='http://m.dhlottery.co.kr/?v=0868m041120213645m010306132438m142933354042m021823262731m1217284143441293818248'
T1236='http://qr.dhlottery.co.kr/?v=1236m061722273744m030506144245s111826323542s152425263244n000000000000195138178214141022'
check "decode a ticket" "" $'Round 868 (draw 2019-07-20)\nA  manual    4 11 20 21 36 45\nB  manual    1 3 6 13 24 38\nC  manual    14 29 33 35 40 42\nD  manual    2 18 23 26 27 31\nE  manual    12 17 28 41 43 44' -- decode "$T868"
check "decode stdin, unused slot skipped" "$T1236"$'\n' $'Round 1236 (draw 2026-08-08)\nA  manual    6 17 22 27 37 44\nB  manual    3 5 6 14 42 45\nC  semiAuto  11 18 26 32 35 42\nD  semiAuto  15 24 25 26 32 44' -- decode
check "decode --json" "" '{"drawDate":"2019-07-20","games":[{"mode":"manual","numbers":[4,11,20,21,36,45],"slot":"A"},{"mode":"manual","numbers":[1,3,6,13,24,38],"slot":"B"},{"mode":"manual","numbers":[14,29,33,35,40,42],"slot":"C"},{"mode":"manual","numbers":[2,18,23,26,27,31],"slot":"D"},{"mode":"manual","numbers":[12,17,28,41,43,44],"slot":"E"}],"resultURL":"https://m.dhlottery.co.kr/qr.do?method=winQr&v=0868m041120213645m010306132438m142933354042m021823262731m1217284143441293818248","round":868}' -- decode --json "$T868"
check "decode refuses the purchase slip" "" NOTHING 1 -- decode MSG_ESLIP0001
if ! grep -qF "purchase slip" "$WORK/stderr"; then
    failed=$((failed + 1))
    echo "FAIL: the purchase slip's message is missing:"; sed 's/^/  stderr: /' "$WORK/stderr"
fi
check "decode: good tickets print, bad ones fail the run" "" $'Round 868 (draw 2019-07-20)\nA  manual    4 11 20 21 36 45\nB  manual    1 3 6 13 24 38\nC  manual    14 29 33 35 40 42\nD  manual    2 18 23 26 27 31\nE  manual    12 17 28 41 43 44' 1 -- decode "http://m.dhlottery.co.kr.evil/?v=1" "$T868"
if grep -q 1293818248 "$WORK/stderr"; then
    failed=$((failed + 1)); echo "FAIL: a serial was printed"
fi

if [ -e "$WORK/data" ]; then
    failed=$((failed + 1))
    echo "FAIL: a text command created a data folder (it must not open the database)"
fi

echo "cli-text-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
