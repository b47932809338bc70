/* compress.h -- far pages compressed in the program's own memory
 * (compress.c), the transport behind `--backend compress[:lz4|zstd]`.
 * Design: docs/design/backends.md, "Far memory compressed on this machine". */
#pragma once

#include <stdint.h>

enum fm_codec { FM_CODEC_LZ4, FM_CODEC_ZSTD };
const char *fm_codec_name(enum fm_codec c);
/* "compress", "compress:lz4" or "compress:zstd", then ",REMOTE" or the
 * end: 0, its codec and where REMOTE starts (NULL: no remote tier), else -1. */
int fm_compress_parse(const char *spec, enum fm_codec *codec, const char **remote);
struct fm_transport;
/* remote: the tier behind the pool, NULL for none; budget: the bytes of
 * blocks the pool holds before its coldest go there. 0, or -1 after
 * saying why. */
int fm_compress_open(enum fm_codec codec, const struct fm_transport *remote, uint64_t budget);
/* The pages the pool holds now, and the bytes their blocks take. */
void fm_compress_held(uint64_t *pages, uint64_t *bytes);
uint64_t fm_compress_remote_pages(void); /* far pages on the remote tier */
/* Gives the kernel back the free pages among the pool's blocks, once it has
 * shrunk by some MiB since the last time. */
void fm_compress_trim(void);
