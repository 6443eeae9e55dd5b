// SHA-256 compression with the x86 SHA extensions (FIPS 180-4; the instructions are described
// in Intel's Software Developer's Manual, volume 2). The Swift implementation in LCQAnalysis
// is used where these are missing; a test checks that both give the same digests.

#include "CSHA256.h"

#if defined(__x86_64__) || defined(__i386__)

#include <cpuid.h>
#include <immintrin.h>

int csha256_hardware_available(void) {
  unsigned int eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
  const int hasSSSE3 = (ecx >> 9) & 1;
  const int hasSSE41 = (ecx >> 19) & 1;
  if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
  const int hasSHA = (ebx >> 29) & 1;
  return hasSSSE3 && hasSSE41 && hasSHA;
}

static const uint32_t roundConstants[64] __attribute__((aligned(16))) = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

__attribute__((target("sha,sse4.1,ssse3")))
void csha256_compress_blocks(uint32_t state[8], const uint8_t *blocks, size_t count) {
  // The instructions keep the state as two registers: (A, B, E, F) and (C, D, G, H), each with
  // its first-named word in the highest lane.
  const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
  __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
  __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
  __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);

  for (size_t block = 0; block < count; block++) {
    const uint8_t *input = blocks + 64 * block;
    const __m128i abefBefore = abef;
    const __m128i cdghBefore = cdgh;
    // message[i & 3] holds the schedule words 4i … 4i+3 of group i.
    __m128i message[4];
#pragma clang loop unroll(full)
    for (int group = 0; group < 16; group++) {
      if (group < 4) {
        message[group] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(input + 16 * group)), byteSwap);
      } else {
        // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], four words at a time.
        __m128i words = _mm_sha256msg1_epu32(message[group & 3], message[(group + 1) & 3]);
        words = _mm_add_epi32(words, _mm_alignr_epi8(message[(group + 3) & 3], message[(group + 2) & 3], 4));
        message[group & 3] = _mm_sha256msg2_epu32(words, message[(group + 3) & 3]);
      }
      __m128i roundInput = _mm_add_epi32(
        message[group & 3], _mm_load_si128((const __m128i *)&roundConstants[4 * group]));
      cdgh = _mm_sha256rnds2_epu32(cdgh, abef, roundInput);
      roundInput = _mm_shuffle_epi32(roundInput, 0x0E);
      abef = _mm_sha256rnds2_epu32(abef, cdgh, roundInput);
    }
    abef = _mm_add_epi32(abef, abefBefore);
    cdgh = _mm_add_epi32(cdgh, cdghBefore);
  }

  __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  dcba = _mm_blend_epi16(feba, dchg, 0xF0);
  hgfe = _mm_alignr_epi8(dchg, feba, 8);
  _mm_storeu_si128((__m128i *)&state[0], dcba);
  _mm_storeu_si128((__m128i *)&state[4], hgfe);
}

#else

int csha256_hardware_available(void) { return 0; }

void csha256_compress_blocks(uint32_t state[8], const uint8_t *blocks, size_t count) {
  (void)state;
  (void)blocks;
  (void)count;
}

#endif
