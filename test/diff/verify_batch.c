/*
 * The differential stage's helper (test/diff/diff_verify.py): verifies a
 * batch of (pk, msg, ctx, sig) cases read from stdin with ML-DSA.Verify
 * (FIPS 204 Algorithm 3), so that one process serves thousands of cases.
 * Each case: the parameter set (1 byte: 44, 65 or 87), then pk, msg, ctx
 * and sig, each as a 4-byte little-endian length and its bytes.  Writes one
 * character per case: '1' valid, '0' refused, 'X' when the key-object and
 * one-shot verifiers disagree (a bug of ours either way).  Exit 2 on a
 * malformed stream.
 * Usage: verify_batch < cases > verdicts
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "mldsa.h"

/* Largest field the script sends: a message of up to 64 KiB. */
#define FIELD_MAX (64 * 1024 + 16)

/* A length-prefixed field into buf (FIELD_MAX bytes); 0 at a clean end or on error. */
static int get_field(uint8_t *buf, size_t *len)
{
    uint8_t n[4];

    if (fread(n, 1, 4, stdin) != 4)
        return 0;
    *len = (size_t)n[0] | (size_t)n[1] << 8 | (size_t)n[2] << 16
           | (size_t)n[3] << 24;
    return *len <= FIELD_MAX && fread(buf, 1, *len, stdin) == *len;
}

/* One case's verdict: the key object's, cross-checked with the one-shot call. */
static char verdict(mldsa_param p, const uint8_t *pk, size_t pklen,
                    const uint8_t *msg, size_t msglen, const uint8_t *ctx,
                    size_t ctxlen, const uint8_t *sig, size_t siglen)
{
    MLDSA_KEY *key = NULL;
    int ok, oneshot;

    ok = mldsa_key_from_public(&key, p, pk, pklen) == MLDSA_OK
         && mldsa_key_verify(key, sig, siglen, msg, msglen, ctx, ctxlen)
            == MLDSA_OK;
    mldsa_key_free(key);
    if (pklen != mldsa_public_key_bytes(p))
        return ok ? 'X' : '0';
    oneshot = mldsa_verify(p, sig, siglen, msg, msglen, ctx, ctxlen, pk)
              == MLDSA_OK;
    return ok != oneshot ? 'X' : ok ? '1' : '0';
}

int main(void)
{
    uint8_t *pk = malloc(FIELD_MAX), *msg = malloc(FIELD_MAX);
    uint8_t *ctx = malloc(FIELD_MAX), *sig = malloc(FIELD_MAX);
    size_t pklen, msglen, ctxlen, siglen;
    int c, ret = 0;

    if (pk == NULL || msg == NULL || ctx == NULL || sig == NULL)
        return 2;
    while ((c = getchar()) != EOF) {
        if (!get_field(pk, &pklen) || !get_field(msg, &msglen)
            || !get_field(ctx, &ctxlen) || !get_field(sig, &siglen)) {
            ret = 2;
            break;
        }
        putchar(verdict((mldsa_param)c, pk, pklen, msg, msglen, ctx, ctxlen,
                        sig, siglen));
    }
    free(pk);
    free(msg);
    free(ctx);
    free(sig);
    return fflush(stdout) == 0 ? ret : 2;
}
