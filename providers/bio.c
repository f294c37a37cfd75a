/*
 * The core's BIOs (OSSL_FUNC_BIO_READ_EX, OSSL_FUNC_BIO_WRITE_EX): how the
 * decoders read their input and the encoders write their output.  A
 * decoder's input may hold a private key: every buffer it passes through is
 * cleansed before it is freed.
 */
#include <stdlib.h>
#include <string.h>
#include "prov_local.h"

#define READ_CHUNK 4096

/* Read all of in (at most max bytes) into a new buffer: 1, or 0 when it
 * cannot be read or holds more than max bytes (*data NULL). */
int ossl_prov_bio_read_all(const PROV_CTX *ctx, OSSL_CORE_BIO *in, size_t max,
                           unsigned char **data, size_t *len)
{
    unsigned char *buf = NULL, *bigger;
    size_t room = 0, used = 0, got, limit = max + 1; /* one more: too long */
    int ok = 0;

    *data = NULL;
    *len = 0;
    if (ctx->bio_read_ex == NULL)
        return 0;
    for (;;) {
        if (used == room) {
            if (room >= limit)
                goto end;
            room = room + READ_CHUNK > limit ? limit : room + READ_CHUNK;
            if ((bigger = malloc(room)) == NULL)
                goto end;
            if (buf != NULL) {
                memcpy(bigger, buf, used);
                mldsa_cleanse(buf, used);
                free(buf);
            }
            buf = bigger;
        }
        got = 0;
        if (!ctx->bio_read_ex(in, buf + used, room - used, &got) || got == 0)
            break;
        used += got;
    }
    if (used > max)
        goto end;
    *data = buf;
    *len = used;
    buf = NULL;
    ok = 1;
 end:
    if (buf != NULL) {
        mldsa_cleanse(buf, room);
        free(buf);
    }
    return ok;
}

/* Write len bytes of data to out, all of them: 1, or 0. */
int ossl_prov_bio_write(const PROV_CTX *ctx, OSSL_CORE_BIO *out,
                        const void *data, size_t len)
{
    const unsigned char *p = data;
    size_t written;

    if (ctx->bio_write_ex == NULL)
        return 0;
    while (len > 0) {
        written = 0;
        if (!ctx->bio_write_ex(out, p, len, &written) || written == 0)
            return 0;
        p += written;
        len -= written;
    }
    return 1;
}
