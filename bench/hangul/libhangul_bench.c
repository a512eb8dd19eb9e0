/* libhangul_bench.c - the libhangul side of bench/hangul (built by run.sh).
 *
 *   libhangul_bench ic FILE [REPEAT]          keys through hangul_ic_process
 *   libhangul_bench decompose FILE [REPEAT]   hangul_syllable_to_jamo + hangul_jamo_to_cjamo
 *   libhangul_bench conjoining FILE [REPEAT]  hangul_syllable_to_jamo alone (conjoining jamo)
 *   libhangul_bench choseong FILE [REPEAT]    hangul_syllable_to_jamo (initial) + hangul_jamo_to_cjamo
 *
 * The file is read and (for the syllable modes) decoded from UTF-8 to ucschar before
 * the clock starts; only the hot loop is timed, REPEAT times (default 5), best kept.
 * ic: one context over the whole key stream; text = every commit string + every key
 * the context did not use + the final flush (what libhangul's own hangul_ic_* API
 * gives an editor, as in shared/tools/hangul/hic_lines.c).
 * Prints one line: mode<TAB>items<TAB>best seconds<TAB>crc32 of the output as UTF-8.
 * Build: cc -O2 libhangul_bench.c $(pkg-config --cflags --libs libhangul) -o libhangul_bench */
#include <hangul.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static unsigned char *read_file(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); exit(1); }
  fseek(f, 0, SEEK_END); *n = (size_t)ftell(f); fseek(f, 0, SEEK_SET);
  unsigned char *b = malloc(*n + 1);
  if (!b || fread(b, 1, *n, f) != *n) { fprintf(stderr, "cannot read %s\n", path); exit(1); }
  fclose(f);
  return b;
}

/* Decodes UTF-8 (well-formed, as make_corpus.py writes it). */
static ucschar *decode(const unsigned char *s, size_t n, size_t *count) {
  ucschar *u = malloc((n + 1) * sizeof *u);
  size_t k = 0;
  for (size_t i = 0; i < n;) {
    unsigned c = s[i];
    if (c < 0x80) { u[k++] = c; i += 1; }
    else if (c < 0xE0) { u[k++] = (c & 0x1F) << 6 | (s[i + 1] & 0x3F); i += 2; }
    else if (c < 0xF0) { u[k++] = (c & 0x0F) << 12 | (s[i + 1] & 0x3F) << 6 | (s[i + 2] & 0x3F); i += 3; }
    else { u[k++] = (c & 0x07) << 18 | (s[i + 1] & 0x3F) << 12 | (s[i + 2] & 0x3F) << 6 | (s[i + 3] & 0x3F); i += 4; }
  }
  *count = k;
  return u;
}

static uint32_t crc_table[256];
static uint32_t crc32_update(uint32_t crc, const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++) crc = crc_table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
  return crc;
}
/* CRC-32 (IEEE, as zlib) of the UTF-8 encoding of u[0..n). */
static uint32_t crc_utf8(const ucschar *u, size_t n) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int j = 0; j < 8; j++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[i] = c;
  }
  uint32_t crc = 0xFFFFFFFFu;
  unsigned char b[4];
  for (size_t i = 0; i < n; i++) {
    unsigned c = u[i];
    size_t k;
    if (c < 0x80) { b[0] = c; k = 1; }
    else if (c < 0x800) { b[0] = 0xC0 | c >> 6; b[1] = 0x80 | (c & 63); k = 2; }
    else if (c < 0x10000) { b[0] = 0xE0 | c >> 12; b[1] = 0x80 | (c >> 6 & 63); b[2] = 0x80 | (c & 63); k = 3; }
    else { b[0] = 0xF0 | c >> 18; b[1] = 0x80 | (c >> 12 & 63); b[2] = 0x80 | (c >> 6 & 63); b[3] = 0x80 | (c & 63); k = 4; }
    crc = crc32_update(crc, b, k);
  }
  return crc ^ 0xFFFFFFFFu;
}

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: %s ic|decompose|conjoining|choseong FILE [REPEAT]\n", argv[0]); return 2; }
  const char *mode = argv[1];
  int repeat = argc > 3 ? atoi(argv[3]) : 5;
  size_t n;
  unsigned char *data = read_file(argv[2], &n);
  size_t items = 0, out_len = 0;
  ucschar *out = NULL;
  double best = 1e30;

  if (strcmp(mode, "ic") == 0) {
    items = n;
    size_t cap = n + 64;  /* grows when needed */
    out = malloc(cap * sizeof *out);
    for (int r = 0; r < repeat; r++) {
      HangulInputContext *ic = hangul_ic_new("2");
      size_t len = 0;
      double t0 = now();
      for (size_t i = 0; i < n; i++) {
        int key = data[i];
        bool used = hangul_ic_process(ic, key);
        const ucschar *s = hangul_ic_get_commit_string(ic);
        if (len + 8 > cap) { cap *= 2; out = realloc(out, cap * sizeof *out); }
        while (*s) out[len++] = *s++;
        if (!used) out[len++] = (ucschar)key;
      }
      for (const ucschar *s = hangul_ic_flush(ic); *s; s++) {
        if (len + 1 > cap) { cap *= 2; out = realloc(out, cap * sizeof *out); }
        out[len++] = *s;
      }
      double t = now() - t0;
      if (t < best) best = t;
      out_len = len;
      hangul_ic_delete(ic);
    }
  } else {
    size_t count;
    ucschar *text = decode(data, n, &count);
    out = malloc((3 * count + 1) * sizeof *out);
    for (size_t i = 0; i < count; i++) items += hangul_is_syllable(text[i]);
    int which = strcmp(mode, "decompose") == 0 ? 0 : strcmp(mode, "conjoining") == 0 ? 1
              : strcmp(mode, "choseong") == 0 ? 2 : -1;
    if (which < 0) { fprintf(stderr, "unknown mode %s\n", mode); return 2; }
    for (int r = 0; r < repeat; r++) {
      size_t len = 0;
      double t0 = now();
      if (which == 0) {
        for (size_t i = 0; i < count; i++) {
          ucschar cho, jung, jong;
          hangul_syllable_to_jamo(text[i], &cho, &jung, &jong);
          if (cho) {
            out[len++] = hangul_jamo_to_cjamo(cho);
            out[len++] = hangul_jamo_to_cjamo(jung);
            if (jong) out[len++] = hangul_jamo_to_cjamo(jong);
          } else {
            out[len++] = text[i];
          }
        }
      } else if (which == 1) {
        for (size_t i = 0; i < count; i++) {
          ucschar cho, jung, jong;
          hangul_syllable_to_jamo(text[i], &cho, &jung, &jong);
          if (cho) {
            out[len++] = cho;
            out[len++] = jung;
            if (jong) out[len++] = jong;
          } else {
            out[len++] = text[i];
          }
        }
      } else {
        for (size_t i = 0; i < count; i++) {
          ucschar cho;
          hangul_syllable_to_jamo(text[i], &cho, NULL, NULL);
          out[len++] = cho ? hangul_jamo_to_cjamo(cho) : text[i];
        }
      }
      double t = now() - t0;
      if (t < best) best = t;
      out_len = len;
    }
  }
  printf("%s\t%zu\t%.6f\t%08x\n", mode, items, best, crc_utf8(out, out_len));
  return 0;
}
