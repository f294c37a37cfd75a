/*
 * mldsa sign and verify: pure ML-DSA (FIPS 204 Algorithms 2 and 3) through
 * an incremental mu, or HashML-DSA (Algorithms 4 and 5) through an
 * incremental digest, so a message of any size is read once, in chunks,
 * and never held whole.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "apps.h"

static const char sign_help[] =
    "usage: mldsa sign -k key [-i msg | msg] [-o sig] [--context TEXT | --context-hex HEX]\n"
    "                  [--deterministic] [--prehash HASH] [-a 44|65|87] [--passin SRC]\n"
    "                  [--force]\n"
    "Sign a message with ML-DSA (FIPS 204); the message is streamed, never loaded whole.\n"
    "  -k FILE           private key in PEM, DER or raw form (required)\n"
    "  -i FILE           message (default '-': stdin)\n"
    "  -o FILE           signature output, raw bytes (default '-': stdout)\n"
    "  --context TEXT    context string, up to 255 bytes (default empty)\n"
    "  --context-hex HEX the context string in hex\n"
    "  --deterministic   the deterministic variant (rnd = 32 zero bytes);\n"
    "                    default: hedged with fresh OS randomness\n"
    "  --prehash HASH    HashML-DSA over HASH: sha224 sha256 sha384 sha512 sha512-224\n"
    "                    sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 shake128 shake256\n"
    "  -a SET            parameter set of a raw 32-byte seed key\n"
    "  --passin SRC      password of an encrypted key: pass:TEXT env:VAR file:PATH\n"
    "                    fd:N stdin (default: asked on the terminal)\n"
    "  --force           replace the output even when it holds a private key\n";

static const char verify_help[] =
    "usage: mldsa verify -p key -s sig [-i msg | msg] [--context TEXT | --context-hex HEX]\n"
    "                    [--prehash HASH] [-a 44|65|87] [--passin SRC]\n"
    "Verify an ML-DSA signature (FIPS 204).  Exit 0: valid; 1: invalid; 2: error.\n"
    "  -p FILE           public (or private) key in PEM, DER or raw form (required)\n"
    "  -s FILE           signature, raw bytes (required)\n"
    "  -i FILE           message (default '-': stdin)\n"
    "  --context TEXT    context string used when signing (default empty)\n"
    "  --context-hex HEX the context string in hex\n"
    "  --prehash HASH    HashML-DSA over HASH (as for sign)\n"
    "  -a SET            parameter set of a raw 32-byte seed key\n"
    "  --passin SRC      password of an encrypted private key\n";

/* Options shared by sign and verify. */
typedef struct {
    const char *key;
    const char *msg;
    const char *out;   /* sign: signature output */
    const char *sig;   /* verify: signature input */
    const char *passin;
    uint8_t ctx[MLDSA_MAX_CONTEXT_BYTES];
    size_t ctxlen;
    int deterministic;
    int force;         /* sign: APP_OUT_FORCE */
    int prehash;
    mldsa_hash hash;
    mldsa_param param;
} SIGN_OPTS;

/* 1 when opt takes a value in sign (is_sign) or verify. */
static int is_value_opt(const char *opt, int is_sign)
{
    static const char *const shared[] = {
        "-i", "--context", "--context-hex", "--prehash", "-a", "--passin"
    };
    size_t n = sizeof(shared) / sizeof(shared[0]);

    for (size_t i = 0; i < n; i++)
        if (strcmp(opt, shared[i]) == 0)
            return 1;
    if (is_sign)
        return strcmp(opt, "-k") == 0 || strcmp(opt, "-o") == 0;
    return strcmp(opt, "-p") == 0 || strcmp(opt, "-s") == 0;
}

/* Parse argv for cmd; returns 0, APP_EXIT_ERROR, or -1 after --help. */
static int parse_opts(const char *cmd, const char *help, int argc, char **argv,
                      SIGN_OPTS *o)
{
    int is_sign = strcmp(cmd, "sign") == 0, ended = 0;
    const char *v, *context = NULL, *operand = NULL;

    memset(o, 0, sizeof(*o));
    o->out = APP_STDIO;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];

        if (ended || !is_value_opt(opt, is_sign)) {
            if (!ended && app_is_help(opt)) {
                fputs(help, stdout);
                return -1;
            }
            if (!ended && strcmp(opt, "--deterministic") == 0 && is_sign)
                o->deterministic = 1;
            else if (!ended && strcmp(opt, "--force") == 0 && is_sign)
                o->force = APP_OUT_FORCE;
            else if (app_operand(cmd, argv, &i, &ended, &operand) != 0)
                return APP_EXIT_ERROR;
            continue;
        }
        if ((v = app_optarg(cmd, argc, argv, &i)) == NULL)
            return APP_EXIT_ERROR;
        if (strcmp(opt, "-k") == 0 || strcmp(opt, "-p") == 0)
            o->key = v;
        else if (strcmp(opt, "-i") == 0)
            o->msg = v;
        else if (strcmp(opt, "-o") == 0)
            o->out = v;
        else if (strcmp(opt, "-s") == 0)
            o->sig = v;
        else if (strcmp(opt, "--passin") == 0)
            o->passin = v;
        else if (strcmp(opt, "--prehash") == 0) {
            if (app_parse_hash(cmd, v, &o->hash) != 0)
                return APP_EXIT_ERROR;
            o->prehash = 1;
        } else if (strcmp(opt, "-a") == 0) {
            if (app_parse_param(cmd, v, &o->param) != 0)
                return APP_EXIT_ERROR;
        } else {
            if (context != NULL)
                return app_usage(cmd, "%s and %s: one context only", context, opt);
            context = opt;
            if (app_parse_context(cmd, opt, v, o->ctx, &o->ctxlen) != 0)
                return APP_EXIT_ERROR;
        }
    }
    if (app_set_input(cmd, operand, &o->msg) != 0)
        return APP_EXIT_ERROR;
    if (o->key == NULL)
        return app_usage(cmd, "a key is required (%s FILE)", is_sign ? "-k" : "-p");
    if (!is_sign && o->sig == NULL)
        return app_usage(cmd, "a signature is required (-s FILE)");
    {
        const char *ins[] = { o->key, o->msg, app_pass_input(o->passin), o->sig };
        const char *outs[] = { o->out };

        return app_check_paths(cmd, ins, is_sign ? 3 : 4, outs, is_sign ? 1 : 0);
    }
}

/*
 * Read the message in chunks into mu (pure ML-DSA: FIPS 204 Algorithm 7
 * line 6 over tr, the context and M) or into its digest under o->hash
 * (HashML-DSA, Algorithm 4 line 10's PH(M)).  *outlen gets the length.
 */
static int hash_message(const SIGN_OPTS *o, const MLDSA_KEY *key,
                        uint8_t out[MLDSA_MAX_DIGEST_BYTES], size_t *outlen)
{
    MLDSA_MU_CTX *mctx = NULL;
    MLDSA_DIGEST_CTX *dctx = NULL;
    uint8_t *buf = NULL;
    FILE *fp = NULL;
    size_t n;
    int ret;

    if (o->prehash)
        ret = mldsa_digest_new(&dctx, o->hash);
    else
        ret = mldsa_mu_new(&mctx, key, o->ctx, o->ctxlen);
    if (ret != MLDSA_OK) {
        ret = app_error("%s", mldsa_strerror(ret));
        goto end;
    }
    ret = APP_EXIT_ERROR;
    if ((buf = malloc(APP_CHUNK_BYTES)) == NULL) {
        app_error("out of memory");
        goto end;
    }
    if ((fp = app_open_in(o->msg)) == NULL)
        goto end;
    while ((n = fread(buf, 1, APP_CHUNK_BYTES, fp)) > 0) {
        int r = o->prehash ? mldsa_digest_update(dctx, buf, n)
                           : mldsa_mu_update(mctx, buf, n);

        if (r != MLDSA_OK) {
            app_error("%s", mldsa_strerror(r));
            goto end;
        }
    }
    if (ferror(fp)) {
        app_error("%s: cannot read: %s",
                  strcmp(o->msg, APP_STDIO) == 0 ? "stdin" : o->msg, strerror(errno));
        goto end;
    }
    if (o->prehash) {
        ret = mldsa_digest_final(dctx, out, outlen);
    } else {
        ret = mldsa_mu_final(mctx, out);
        *outlen = MLDSA_MU_BYTES;
    }
    if (ret != MLDSA_OK)
        ret = app_error("%s", mldsa_strerror(ret));
 end:
    app_close_in(fp);
    free(buf);
    mldsa_mu_free(mctx);
    mldsa_digest_free(dctx);
    return ret;
}

int cmd_sign(int argc, char **argv)
{
    static const uint8_t zero_rnd[MLDSA_RND_BYTES] = { 0 };
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t h[MLDSA_MAX_DIGEST_BYTES];
    size_t hlen = 0;
    SIGN_OPTS o;
    MLDSA_KEY *key = NULL;
    const uint8_t *rnd;
    int ret;

    if ((ret = parse_opts("sign", sign_help, argc, argv, &o)) != 0)
        return ret < 0 ? APP_EXIT_OK : ret;
    rnd = o.deterministic ? zero_rnd : NULL;
    if ((ret = app_load_key(o.key, (int)o.param, o.passin, &key)) != 0)
        goto end;
    if (!mldsa_key_has_secret(key)) {
        ret = app_error("%s: not a private key", o.key);
        goto end;
    }
    if ((ret = hash_message(&o, key, h, &hlen)) != 0)
        goto end;
    if (o.prehash)
        ret = mldsa_key_prehash_sign(key, sig, o.hash, h, hlen, o.ctx, o.ctxlen, rnd);
    else
        ret = mldsa_key_sign_mu(key, sig, h, rnd);
    if (ret != MLDSA_OK) {
        ret = app_error("sign: %s", mldsa_strerror(ret));
        goto end;
    }
    ret = app_write_file(o.out, sig, mldsa_signature_bytes(mldsa_key_param(key)),
                         o.force);
 end:
    mldsa_key_free(key);
    return ret;
}

int cmd_verify(int argc, char **argv)
{
    uint8_t h[MLDSA_MAX_DIGEST_BYTES];
    size_t hlen = 0, siglen = 0;
    uint8_t *sig = NULL;
    SIGN_OPTS o;
    MLDSA_KEY *key = NULL;
    int ret;

    if ((ret = parse_opts("verify", verify_help, argc, argv, &o)) != 0)
        return ret < 0 ? APP_EXIT_OK : ret;
    if ((ret = app_load_key(o.key, (int)o.param, o.passin, &key)) != 0)
        goto end;
    ret = APP_EXIT_ERROR;
    if ((sig = app_read_file(o.sig, APP_MAX_KEY_FILE, &siglen)) == NULL)
        goto end;
    if ((ret = hash_message(&o, key, h, &hlen)) != 0)
        goto end;
    if (o.prehash)
        ret = mldsa_key_prehash_verify(key, sig, siglen, o.hash, h, hlen,
                                       o.ctx, o.ctxlen);
    else
        ret = mldsa_key_verify_mu(key, sig, siglen, h);
    if (ret == MLDSA_OK) {
        printf("Verified OK\n");
        ret = APP_EXIT_OK;
    } else if (ret == MLDSA_ERR_SIG_LENGTH) {
        mldsa_param param = mldsa_key_param(key);

        app_error("%s: %zu bytes; an ML-DSA-%d signature has %zu",
                  strcmp(o.sig, APP_STDIO) == 0 ? "stdin" : o.sig, siglen,
                  (int)param, mldsa_signature_bytes(param));
        printf("Verification failure\n");
        ret = APP_EXIT_INVALID;
    } else if (ret == MLDSA_ERR_VERIFY) {
        printf("Verification failure\n");
        ret = APP_EXIT_INVALID;
    } else {
        ret = app_error("verify: %s", mldsa_strerror(ret));
    }
 end:
    free(sig);
    mldsa_key_free(key);
    return ret;
}
