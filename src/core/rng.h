/* xoshiro128** — a small, fast, seedable generator (Blackman & Vigna, public domain
 * algorithm; written here from its published definition).  Its whole state is four
 * uint32 words, which live inside the game-state buffer so clones and saved states carry
 * it along (docs/architecture.md, Principles: determinism). */
#ifndef MTG_RNG_H
#define MTG_RNG_H
#include <stdint.h>

static inline uint32_t mtg_rotl32(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

static inline uint32_t mtg_rng_next(uint32_t *s) {
    uint32_t result = mtg_rotl32(s[1] * 5u, 7) * 9u;
    uint32_t t = s[1] << 9;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t; s[3] = mtg_rotl32(s[3], 11);
    return result;
}

/* splitmix64 spreads a 64-bit seed over the four words (a zero state would be stuck). */
static inline void mtg_rng_seed(uint32_t *s, uint64_t seed) {
    for (int i = 0; i < 2; i++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        s[2 * i] = (uint32_t)z; s[2 * i + 1] = (uint32_t)(z >> 32);
    }
    if ((s[0] | s[1] | s[2] | s[3]) == 0) s[0] = 1;
}

/* Uniform integer in [0, n) without modulo bias (Lemire's method). n > 0.
 * Each draw is rejected with probability below 1/2, so the loop is bounded at 64 draws
 * (a bias below 2^-64, never reached in practice): even a stuck generator (all four words
 * zero, which loading refuses) can't hang the core. */
static inline uint32_t mtg_rng_below(uint32_t *s, uint32_t n) {
    uint64_t m = (uint64_t)mtg_rng_next(s) * (uint64_t)n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n;
        for (int k = 0; l < t && k < 64; k++) {
            m = (uint64_t)mtg_rng_next(s) * (uint64_t)n; l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
#endif
