/* compress.h -- far pages compressed in the program's own memory
 * (compress.c), the transport behind `--backend compress[:lz4|zstd]`.
 * Design: docs/design/backends.md, "Far memory compressed on this machine". */
#pragma once

#include <stdint.h>

enum fm_codec { FM_CODEC_LZ4, FM_CODEC_ZSTD };
const char *fm_codec_name(enum fm_codec c);
/* "compress", "compress:lz4" or "compress:zstd": 0 and its codec, else -1. */
int fm_compress_parse(const char *spec, enum fm_codec *codec);
/* 0, or -1 after saying why. */
int fm_compress_open(enum fm_codec codec);
/* The pages the pool holds now, and the bytes their blocks take. */
void fm_compress_held(uint64_t *pages, uint64_t *bytes);
/* Gives the kernel back the free pages among the pool's blocks, once it has
 * shrunk by some MiB since the last time. */
void fm_compress_trim(void);
