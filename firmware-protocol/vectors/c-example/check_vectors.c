/*
 * Minimal C check of the shoe link vectors (PROTOCOL.md §12), using only the reference
 * routines printed in PROTOCOL.md §3.2 (COBS) and §4.1 (CRC-32C). Firmware teams: replace
 * cobs_decode()/crc32c() below with your own implementation and keep the checks.
 *
 *   jq -r '.vectors[] | "{\"\(.name)\", \"\(.body)\", \"\(.wire)\"},"' ../golden.json  > golden.inc
 *   jq -r '.vectors[] | "{\"\(.name)\", \"\(.wire)\", \(.frames | length), \"\(.discarded | map(.reason) | join(","))\"},"' ../corrupt.json > corrupt.inc
 *   cc -std=c99 -Wall -Wextra -O2 -o check_vectors check_vectors.c && ./check_vectors
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* PROTOCOL.md §3.2 */
static int cobs_decode(const uint8_t *enc, int len, uint8_t *dec) {
    int i = 0, o = 0;
    while (i < len) {
        uint8_t c = enc[i];
        if (c == 0 || i + c > len) return -1;
        for (int k = 1; k < c; k++) dec[o++] = enc[i + k];
        i += c;
        if (c != 0xFF && i < len) dec[o++] = 0x00;
    }
    return o;
}

/* PROTOCOL.md §4.1 */
static uint32_t crc32c(const uint8_t *p, size_t n) {
    uint32_t crc = 0xFFFFFFFFu;
    while (n--) {
        crc ^= *p++;
        for (int k = 0; k < 8; k++) crc = (crc & 1) ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
    }
    return crc ^ 0xFFFFFFFFu;
}

static int unhex(const char *h, uint8_t *out) {
    int n = 0;
    for (; h[0] && h[1]; h += 2) {
        unsigned v;
        if (sscanf(h, "%2x", &v) != 1) return -1;
        out[n++] = (uint8_t)v;
    }
    return n;
}

struct golden { const char *name, *body, *wire; };
static const struct golden GOLDEN[] = {
#include "golden.inc"
};
struct corrupt { const char *name, *wire; int frames; const char *reasons; };
static const struct corrupt CORRUPT[] = {
#include "corrupt.inc"
};

/* Split a wire stream at 0x00 delimiters; returns number of frames whose CRC is good
 * (a stand-in for a full receiver: §11 checks 1-5 only). */
static int count_crc_good(const uint8_t *wire, int n) {
    uint8_t buf[66], dec[66];
    int len = 0, good = 0, skipping = 0;
    for (int i = 0; i < n; i++) {
        if (wire[i] == 0) {
            if (!skipping && len > 0) {
                int d = cobs_decode(buf, len, dec);
                if (d >= 7 && d <= 64) {
                    uint32_t c = crc32c(dec, (size_t)d - 4);
                    uint32_t got = (uint32_t)dec[d - 4] | (uint32_t)dec[d - 3] << 8 | (uint32_t)dec[d - 2] << 16 | (uint32_t)dec[d - 1] << 24;
                    if (c == got) good++;
                }
            }
            len = 0;
            skipping = 0;
        } else if (skipping) {
        } else if (len == 65) {
            skipping = 1;
            len = 0;
        } else {
            buf[len++] = wire[i];
        }
    }
    return good;
}

static uint32_t u32le(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

/* Version 2 layout (PROTOCOL.md §7.2.1, §7.5.3, §8.6): a HELLO that speaks version 2 carries its
 * session nonce at offset 31 (non-zero) and the peer's nonce at 35; GATE_UNLOCK is allowance u8 +
 * seenSeq u16. Returns 0 when `body` (one golden frame) keeps these rules. */
static int check_v2_layout(const uint8_t *body, int n) {
    if (body[0] == 0x01 && body[3] >= 2) return (n == 43 && u32le(body + 31) != 0) ? 0 : -1;
    if (body[0] == 0x01) return n == 35 ? 0 : -1; /* a version-1 HELLO: decoded, then refused by §8.3 */
    if (body[0] == 0x21) return n == 10 ? 0 : -1;
    return 0;
}

int main(void) {
    int failures = 0;
    uint8_t body[128], wire[512], dec[128];
    if (crc32c((const uint8_t *)"123456789", 9) != 0xE3069283u) { puts("FAIL crc check value"); failures++; }
    for (size_t i = 0; i < sizeof GOLDEN / sizeof GOLDEN[0]; i++) {
        const struct golden *g = &GOLDEN[i];
        int bn = unhex(g->body, body), wn = unhex(g->wire, wire);
        int dn = (wn >= 2 && wire[0] == 0 && wire[wn - 1] == 0) ? cobs_decode(wire + 1, wn - 2, dec) : -1;
        uint32_t c = crc32c(body, (size_t)bn - 4);
        int crc_ok = body[bn - 4] == (c & 0xFF) && body[bn - 3] == ((c >> 8) & 0xFF) && body[bn - 2] == ((c >> 16) & 0xFF) && body[bn - 1] == (c >> 24);
        if (dn != bn || memcmp(dec, body, (size_t)bn) != 0 || !crc_ok) { printf("FAIL golden: %s\n", g->name); failures++; }
        else if (check_v2_layout(body, bn) != 0) { printf("FAIL version-2 layout: %s\n", g->name); failures++; }
    }
    for (size_t i = 0; i < sizeof CORRUPT / sizeof CORRUPT[0]; i++) {
        const struct corrupt *v = &CORRUPT[i];
        int wn = unhex(v->wire, wire);
        int expect_crc_good = v->frames;
        /* frames rejected after the CRC check still have a good CRC */
        for (const char *r = v->reasons; *r; r++) {
            if (!strncmp(r, "unknown-message-id", 18) || !strncmp(r, "wrong-direction", 15) || !strncmp(r, "bad-length", 10) ||
                !strncmp(r, "bad-seq", 7) || !strncmp(r, "bad-field", 9)) expect_crc_good++;
            r = strchr(r, ',');
            if (!r) break;
        }
        if (count_crc_good(wire, wn) != expect_crc_good) { printf("FAIL corrupt: %s\n", v->name); failures++; }
    }
    printf("%d golden, %d corrupt vectors checked, %d failures\n", (int)(sizeof GOLDEN / sizeof GOLDEN[0]), (int)(sizeof CORRUPT / sizeof CORRUPT[0]), failures);
    return failures ? 1 : 0;
}
