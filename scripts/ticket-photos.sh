#!/usr/bin/env bash
# Makes the lotto ticket photos the photo reader is tested on (TicketPhotoTests), from
# real ticket QR texts (the shared qr.tsv), with qrencode and ImageMagick:
#     scripts/ticket-photos.sh OUTDIR     writes the images and OUTDIR/manifest.tsv
#     scripts/ticket-photos.sh --check    exits 0 when qrencode and ImageMagick (with
#                                         JPEG and WebP) are installed, 1 saying what is not
# manifest.tsv: one line per image, "file<TAB>expected", where expected is the exact QR
# text the image holds, or for the images that hold none what the reader must say:
# !noQRCode, !notAnImage (not an image file) or !damaged (an image file cut off).
# The shared folder is $MAEIL_SHARED, else ../shared beside the checkout.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)

missing_tools() {
    local missing=()
    command -v qrencode >/dev/null 2>&1 || missing+=("qrencode (apt-get install qrencode)")
    # /usr/local/bin/convert may be a stand-in that only passes calls on to ImageMagick.
    # grep without -q reads to the end: with pipefail, convert must not die of SIGPIPE.
    if ! convert -version 2>/dev/null | grep ImageMagick >/dev/null; then
        missing+=("ImageMagick's convert (apt-get install imagemagick)")
    elif ! convert -list format 2>/dev/null | grep -E '^ *WEBP\*? +WEBP +rw' >/dev/null; then
        missing+=("ImageMagick with WebP (apt-get install imagemagick libwebp7)")
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        printf 'missing: %s\n' "${missing[@]}"
        return 0
    fi
    return 1
}

if [ "${1:-}" = "--check" ]; then
    if missing_tools >&2; then exit 1; fi
    exit 0
fi
if [ $# -ne 1 ]; then
    echo "usage: $0 OUTDIR | --check" >&2
    exit 2
fi
if missing_tools >&2; then exit 1; fi

OUT=$1
mkdir -p "$OUT"
SHARED=${MAEIL_SHARED:-$ROOT/../shared}
TSV="$SHARED/data/lotto/qr.tsv"
[ -f "$TSV" ] || { echo "no $TSV (set MAEIL_SHARED)" >&2; exit 1; }

# The data lines of qr.tsv; each picture uses a different real ticket.
mapfile -t TICKETS < <(grep -v '^#' "$TSV" | grep -v '^[[:space:]]*$')
[ ${#TICKETS[@]} -ge 8 ] || { echo "$TSV has fewer than 8 tickets" >&2; exit 1; }
qr_text() { cut -f1 <<<"${TICKETS[$1]}"; }
MANIFEST="$OUT/manifest.tsv"
: >"$MANIFEST"
expect() { printf '%s\t%s\n' "$1" "$2" >>"$MANIFEST"; }
# ImageMagick talks about fonts and D-Bus on stderr; only its exit status matters here.
im() { convert "$@" 2>/dev/null; }

# A printed ticket, 1000×1500, with its round and games as text (from qr.tsv's columns),
# rules, and the QR ($2: a PNG, or "none") small in the bottom-right corner.
ticket_picture() {
    local line=$1 qr=$2 out=$3
    local round games
    round=$(cut -f2 <<<"${TICKETS[$line]}")
    games=$(cut -f3 <<<"${TICKETS[$line]}")
    local args=(-size 1000x1500 xc:'#fffaf0' -fill '#202020'
        -pointsize 44 -annotate +60+110 'LOTTO 6/45'
        -pointsize 26 -annotate +60+170 "Round $round")
    local y=240 game
    IFS=';' read -ra game_list <<<"$games"
    for game in "${game_list[@]}"; do
        IFS=':' read -r slot mode numbers <<<"$game"
        args+=(-annotate "+60+$y" "$slot  $mode  ${numbers//,/ }")
        y=$((y + 50))
    done
    args+=(-stroke '#404040' -strokewidth 3 -draw "line 60,$((y + 10)) 940,$((y + 10))"
        -draw 'line 60,1100 940,1100' -stroke none
        -pointsize 22 -annotate +60+1180 'Keep this ticket. Prizes are paid for one year.')
    if [ "$qr" != none ]; then
        args+=("$qr" -gravity southeast -geometry +80+120 -composite)
    fi
    im "${args[@]}" "$out"
}

# Positives.
# 1. A clean PNG straight from qrencode.
qrencode -o "$OUT/clean.png" -s 8 -m 4 "$(qr_text 0)"
expect clean.png "$(qr_text 0)"

# 2. Scaled down and turned 12°, as a JPEG.
qrencode -o "$OUT/q1.png" -s 6 -m 4 "$(qr_text 1)"
im "$OUT/q1.png" -resize 70% -background white -rotate 12 -quality 80 "$OUT/rotated.jpg"
expect rotated.jpg "$(qr_text 1)"

# 3. Photographed badly: perspective, ink and paper colours, light falling off across the
# page, blur, sensor noise, strong JPEG compression.
qrencode -o "$OUT/q2.png" -s 8 -m 4 "$(qr_text 2)"
# -seed: the same noise every run.
im -seed 7 "$OUT/q2.png" -resize 900x900 +level-colors '#1a1a40','#fff6e0' \
    -virtual-pixel white -background white \
    -distort Perspective '0,0 60,40  899,0 850,90  0,899 20,880  899,899 880,820' \
    \( -size 900x900 xc: -sparse-color Barycentric '0,0 white 899,899 gray50' \) \
    -compose multiply -composite -blur 0x1.5 -attenuate 0.4 +noise Gaussian -quality 60 \
    "$OUT/noisy.jpg"
expect noisy.jpg "$(qr_text 2)"

# 4. A lossy WebP.
qrencode -o "$OUT/q3.png" -s 6 -m 4 "$(qr_text 3)"
im "$OUT/q3.png" -quality 75 "$OUT/ticket.webp"
expect ticket.webp "$(qr_text 3)"

# 5. The QR small in the corner of a ticket with text.
qrencode -o "$OUT/q4.png" -s 4 -m 2 "$(qr_text 4)"
ticket_picture 4 "$OUT/q4.png" "$OUT/ticket.png"
im "$OUT/ticket.png" -quality 88 "$OUT/ticket.jpg"
expect ticket.jpg "$(qr_text 4)"

# 6. A phone photo, 3000×4000: that ticket, larger and slightly turned, on a table.
qrencode -o "$OUT/q5.png" -s 4 -m 2 "$(qr_text 5)"
ticket_picture 5 "$OUT/q5.png" "$OUT/ticket5.png"
im -seed 11 -size 750x1000 xc:'#6b5a48' -attenuate 0.3 +noise Gaussian -resize 3000x4000! \
    \( "$OUT/ticket5.png" -resize 200% -background '#6b5a48' -rotate -4 \) \
    -gravity center -composite -quality 85 "$OUT/photo-3000x4000.jpg"
expect photo-3000x4000.jpg "$(qr_text 5)"

# 7. A transparent background (the reader lays it on white).
qrencode -o "$OUT/transparent.png" -s 6 -m 4 --background=FFFFFF00 "$(qr_text 6)"
expect transparent.png "$(qr_text 6)"

# 8. CMYK, as print software saves it (Adobe's inverted CMYK, which libjpeg cannot make
# grey by itself).
qrencode -o "$OUT/q7.png" -s 6 -m 4 "$(qr_text 7)"
im "$OUT/q7.png" -colorspace CMYK -quality 90 "$OUT/cmyk.jpg"
expect cmyk.jpg "$(qr_text 7)"

# Negatives.
ticket_picture 0 none "$OUT/no-qr.png"
expect no-qr.png '!noQRCode'
printf 'This is a text file, not a photo.\n' >"$OUT/text.jpg"
expect text.jpg '!notAnImage'
# Cut at a third: the header survives, the QR does not.
size=$(wc -c <"$OUT/rotated.jpg")
head -c $((size / 3)) "$OUT/rotated.jpg" >"$OUT/truncated.jpg"
expect truncated.jpg '!damaged'

rm -f "$OUT"/q[0-9].png "$OUT/ticket.png" "$OUT/ticket5.png"
