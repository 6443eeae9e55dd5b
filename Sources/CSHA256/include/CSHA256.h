#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor has the x86 SHA extensions (and the SSE levels they need), so that
/// `csha256_compress_blocks` may be called. Always 0 on other architectures.
int csha256_hardware_available(void);

/// Runs the SHA-256 compression function over `count` consecutive 64-byte blocks at `blocks`,
/// updating `state` (the eight working words, A first). Call only when
/// `csha256_hardware_available()` returned 1.
void csha256_compress_blocks(uint32_t state[8], const uint8_t *blocks, size_t count);

#endif
