/*
 * The tool's plumbing: messages and exit codes, option values, files and
 * stdin/stdout, and keys in and out of files in every format.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "apps.h"

#define PEM_MARKER "-----BEGIN "
#define DER_SEQUENCE 0x30

static const char *display_name(const char *path)
{
    return strcmp(path, APP_STDIO) == 0 ? "stdin" : path;
}

int app_is_help(const char *arg)
{
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

const char *app_optarg(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc || strcmp(argv[*i + 1], "--") == 0) {
        app_usage(cmd, "option %s needs a value", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

int app_parse_param(const char *cmd, const char *s, mldsa_param *param)
{
    if (strcmp(s, "44") == 0 || strcasecmp(s, "ML-DSA-44") == 0)
        *param = MLDSA_44;
    else if (strcmp(s, "65") == 0 || strcasecmp(s, "ML-DSA-65") == 0)
        *param = MLDSA_65;
    else if (strcmp(s, "87") == 0 || strcasecmp(s, "ML-DSA-87") == 0)
        *param = MLDSA_87;
    else
        return app_usage(cmd, "unknown parameter set '%s' (44, 65 or 87)", s);
    return 0;
}

int app_parse_format(const char *cmd, const char *s, app_format *format)
{
    if (strcasecmp(s, "pem") == 0)
        *format = APP_FORMAT_PEM;
    else if (strcasecmp(s, "der") == 0)
        *format = APP_FORMAT_DER;
    else if (strcasecmp(s, "raw") == 0)
        *format = APP_FORMAT_RAW;
    else
        return app_usage(cmd, "unknown format '%s' (pem, der or raw)", s);
    return 0;
}

int app_parse_key_format(const char *cmd, const char *s,
                         mldsa_key_format *format)
{
    if (strcasecmp(s, "seed") == 0)
        *format = MLDSA_KEY_FORMAT_SEED;
    else if (strcasecmp(s, "expanded") == 0)
        *format = MLDSA_KEY_FORMAT_EXPANDED;
    else if (strcasecmp(s, "both") == 0)
        *format = MLDSA_KEY_FORMAT_BOTH;
    else
        return app_usage(cmd, "unknown key format '%s' (seed, expanded or both)", s);
    return 0;
}

/* HashML-DSA's hashes by name (FIPS 204 section 5.4), with common spellings. */
static const struct {
    const char *name;
    const char *alias;
    mldsa_hash hash;
} hash_names[] = {
    { "sha224", "sha2-224", MLDSA_SHA2_224 },
    { "sha256", "sha2-256", MLDSA_SHA2_256 },
    { "sha384", "sha2-384", MLDSA_SHA2_384 },
    { "sha512", "sha2-512", MLDSA_SHA2_512 },
    { "sha512-224", "sha2-512/224", MLDSA_SHA2_512_224 },
    { "sha512-256", "sha2-512/256", MLDSA_SHA2_512_256 },
    { "sha3-224", "sha3_224", MLDSA_SHA3_224 },
    { "sha3-256", "sha3_256", MLDSA_SHA3_256 },
    { "sha3-384", "sha3_384", MLDSA_SHA3_384 },
    { "sha3-512", "sha3_512", MLDSA_SHA3_512 },
    { "shake128", "shake-128", MLDSA_SHAKE128 },
    { "shake256", "shake-256", MLDSA_SHAKE256 },
};

int app_parse_hash(const char *cmd, const char *s, mldsa_hash *hash)
{
    for (size_t i = 0; i < sizeof(hash_names) / sizeof(hash_names[0]); i++) {
        if (strcasecmp(s, hash_names[i].name) == 0
            || strcasecmp(s, hash_names[i].alias) == 0) {
            *hash = hash_names[i].hash;
            return 0;
        }
    }
    return app_usage(cmd, "unknown hash '%s' (sha224, sha256, sha384, sha512, "
                     "sha512-224, sha512-256, sha3-224, sha3-256, sha3-384, "
                     "sha3-512, shake128, shake256)", s);
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int app_parse_hex(const char *cmd, const char *what, const char *hex,
                  uint8_t *out, size_t outmax, size_t *outlen)
{
    size_t n = strlen(hex);

    if (n % 2 != 0)
        return app_usage(cmd, "%s: odd number of hex digits", what);
    if (n / 2 > outmax)
        return app_usage(cmd, "%s: longer than %zu bytes", what, outmax);
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);

        if (hi < 0 || lo < 0)
            return app_usage(cmd, "%s: not hex at character %zu", what,
                             2 * i + (hi < 0 ? 1 : 2));
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *outlen = n / 2;
    return 0;
}

int app_parse_context(const char *cmd, const char *opt, const char *val,
                      uint8_t ctx[MLDSA_MAX_CONTEXT_BYTES], size_t *ctxlen)
{
    size_t n;

    if (strcmp(opt, "--context-hex") == 0)
        return app_parse_hex(cmd, opt, val, ctx, MLDSA_MAX_CONTEXT_BYTES, ctxlen);
    if ((n = strlen(val)) > MLDSA_MAX_CONTEXT_BYTES)
        return app_usage(cmd, "%s: longer than %d bytes", opt,
                         MLDSA_MAX_CONTEXT_BYTES);
    memcpy(ctx, val, n);
    *ctxlen = n;
    return 0;
}

int app_operand(const char *cmd, char **argv, int *i, int *ended,
                const char **operand)
{
    const char *arg = argv[*i];

    if (!*ended && strcmp(arg, "--") == 0) {
        *ended = 1;
        return 0;
    }
    if (!*ended && arg[0] == '-' && arg[1] != '\0')
        return app_usage(cmd, "unknown option '%s'", arg);
    if (*operand != NULL)
        return app_usage(cmd, "unexpected argument '%s'", arg);
    *operand = arg;
    return 0;
}

int app_set_input(const char *cmd, const char *operand, const char **in)
{
    if (operand != NULL && *in != NULL)
        return app_usage(cmd, "the input is given twice ('%s' and -i %s)",
                         operand, *in);
    if (operand != NULL)
        *in = operand;
    else if (*in == NULL)
        *in = APP_STDIO;
    return 0;
}

/* The stack below us is wiped this deep. */
#define STACK_BURN_BYTES (32 * 1024)

__attribute__((noinline)) void app_burn_stack(void)
{
    uint8_t below[STACK_BURN_BYTES];

    app_cleanse(below, sizeof(below));
}

FILE *app_open_in(const char *path)
{
    FILE *fp;

    if (strcmp(path, APP_STDIO) == 0)
        return stdin;
    if ((fp = app_os_fopen(path, "rb")) == NULL)
        app_error("%s: cannot open: %s", path, strerror(errno));
    return fp;
}

void app_close_in(FILE *fp)
{
    if (fp != NULL && fp != stdin)
        fclose(fp);
}

/*
 * The first bytes of path, up to max + 1 of them (so that a longer file
 * shows), in a fresh buffer of max + 1 bytes, read unbuffered (no copy
 * stays in stdio); NULL when it cannot be opened or read, after a message
 * unless quiet.
 */
static uint8_t *read_head(const char *path, size_t max, size_t *len, int quiet)
{
    FILE *fp = strcmp(path, APP_STDIO) == 0 ? stdin
        : quiet ? app_os_fopen(path, "rb") : app_open_in(path);
    uint8_t *buf;
    size_t n = 0, got;

    if (fp == NULL)
        return NULL;
    setvbuf(fp, NULL, _IONBF, 0);
    if ((buf = malloc(max + 1)) == NULL) {
        if (!quiet)
            app_error("%s: out of memory", display_name(path));
        app_close_in(fp);
        return NULL;
    }
    while (n <= max && (got = fread(buf + n, 1, max + 1 - n, fp)) > 0)
        n += got;
    if (ferror(fp)) {
        if (!quiet)
            app_error("%s: cannot read: %s", display_name(path), strerror(errno));
        app_cleanse(buf, max + 1);
        free(buf);
        buf = NULL;
    }
    *len = n;
    app_close_in(fp);
    return buf;
}

uint8_t *app_read_file(const char *path, size_t max, size_t *len)
{
    uint8_t *buf = read_head(path, max, len, 0);

    if (buf != NULL && *len > max) {
        app_error("%s: larger than %zu bytes", display_name(path), max);
        app_cleanse(buf, max + 1);
        free(buf);
        buf = NULL;
    }
    return buf;
}

/*
 * Without APP_OUT_FORCE, a public output does not replace a regular file
 * that may hold a private key (read and told by app_may_hold_private).
 */
static int check_replace(const APP_OUTFILE *f, int flags)
{
    uint8_t *old;
    size_t len = 0;
    int private;

    if ((flags & APP_OUT_FORCE) != 0 || f->existing != APP_EXISTING_FILE)
        return 0;
    if ((old = read_head(f->path, APP_MAX_KEY_FILE, &len, 1)) == NULL)
        return app_error("%s: exists and cannot be read to check it; not "
                         "replacing it (use --force)", f->path);
    /* a larger file is not a key the tool reads, but may be anything */
    private = len > APP_MAX_KEY_FILE || app_may_hold_private(old, len);
    app_cleanse(old, APP_MAX_KEY_FILE + 1);
    free(old);
    if (private)
        return app_error("%s: exists and may hold a private key; not replacing "
                         "it (use --force)", f->path);
    return 0;
}

int app_stage(APP_OUTPUT *o, const char *path, const void *data, size_t len,
              int flags)
{
    int secret = (flags & APP_OUT_SECRET) != 0;
    int ret;

    memset(o, 0, sizeof(*o));
    o->f.fd = -1;
    o->f.path = path;
    o->data = data;
    o->len = len;
    if (strcmp(path, APP_STDIO) == 0) {
        o->direct = 1;
        return 0;
    }
    if ((ret = app_os_open_out(&o->f, path, secret,
                               !secret || (flags & APP_OUT_FORCE) != 0)) != 0)
        return ret;
    if (o->f.tmp == NULL) {
        /* A stream: written at the commit. */
        o->direct = 1;
        return 0;
    }
    if ((ret = check_replace(&o->f, flags)) != 0
        || (ret = app_os_write(&o->f, data, len)) != 0) {
        app_os_discard(&o->f);
        return ret;
    }
    return app_os_finish(&o->f);
}

int app_commit(APP_OUTPUT *o)
{
    int ret;

    if (!o->direct)
        return app_os_commit(&o->f);
    /* what stdio holds for stdout goes first (-o /dev/stdout is stdout) */
    if (fflush(stdout) != 0)
        return app_error("stdout: cannot write: %s", strerror(errno));
    if (o->f.fd < 0) {
        /* stdout, written past stdio's buffer, which would keep a copy of
         * a secret */
        APP_OUTFILE out = { "stdout", NULL, fileno(stdout), 0, 0, 0 };

        return app_os_write(&out, o->data, o->len);
    }
    ret = app_os_write(&o->f, o->data, o->len);
    if (app_os_finish(&o->f) != 0)
        ret = APP_EXIT_ERROR;
    return ret;
}

void app_abandon(APP_OUTPUT *o)
{
    app_os_discard(&o->f);
}

int app_write_file(const char *path, const void *data, size_t len, int flags)
{
    APP_OUTPUT o;
    int ret;

    if ((ret = app_stage(&o, path, data, len, flags)) == 0)
        ret = app_commit(&o);
    return ret;
}

/* An input or output by name, and what it is when that can be known. */
typedef struct {
    const char *name;
    int known;
    APP_FILE_ID id;
} PATH_ID;

static void path_id(PATH_ID *p, const char *name, int std_fd)
{
    p->name = name;
    p->known = name != NULL && app_os_file_id(name, std_fd, &p->id);
}

static int same_id(const PATH_ID *a, const PATH_ID *b)
{
    return a->known && b->known && a->id.dev == b->id.dev && a->id.ino == b->id.ino;
}

static int is_stdio(const char *name)
{
    return name != NULL && strcmp(name, APP_STDIO) == 0;
}

/* How a message names an input or output: "-" is stdin or stdout. */
static const char *io_name(const char *name, const char *std)
{
    return is_stdio(name) ? std : name;
}

#define MAX_CHECKED_PATHS 8

int app_check_paths(const char *cmd, const char *const *ins, size_t nins,
                    const char *const *outs, size_t nouts)
{
    PATH_ID in[MAX_CHECKED_PATHS], out[MAX_CHECKED_PATHS];

    if (nins > MAX_CHECKED_PATHS || nouts > MAX_CHECKED_PATHS)
        return app_error("%s: too many files", cmd);
    for (size_t i = 0; i < nins; i++)
        path_id(&in[i], ins[i], 0);
    for (size_t j = 0; j < nouts; j++)
        path_id(&out[j], outs[j], 1);
    /* A stream is read once: two inputs may not share one (the same pipe
     * under two names, /dev/stdin and "-"); a regular file may be read
     * twice, unless one of them is our stdin. */
    for (size_t i = 0; i < nins; i++)
        for (size_t k = 0; in[i].name != NULL && k < i; k++) {
            if (in[k].name == NULL)
                continue;
            if (is_stdio(in[i].name) && is_stdio(in[k].name))
                return app_usage(cmd, "only one input can be stdin ('-')");
            if (same_id(&in[i], &in[k])
                && (!in[i].id.regular || is_stdio(in[i].name) || is_stdio(in[k].name)))
                return app_usage(cmd, "only one input can be stdin ('-'): %s and "
                                 "%s are the same stream", io_name(in[k].name, "stdin"),
                                 io_name(in[i].name, "stdin"));
        }
    for (size_t j = 0; j < nouts; j++) {
        if (out[j].name == NULL)
            continue;
        for (size_t i = 0; i < nins; i++) {
            if (in[i].name == NULL)
                continue;
            if ((!is_stdio(in[i].name) && !is_stdio(out[j].name)
                 && app_os_same_file(ins[i], outs[j]))
                || (same_id(&in[i], &out[j]) && out[j].id.regular))
                return app_usage(cmd, "output %s is the input %s",
                                 io_name(outs[j], "stdout"), io_name(ins[i], "stdin"));
        }
        for (size_t k = 0; k < j; k++) {
            if (out[k].name == NULL)
                continue;
            if ((is_stdio(outs[k]) && is_stdio(outs[j])) || same_id(&out[k], &out[j])
                || (!is_stdio(outs[k]) && !is_stdio(outs[j])
                    && app_os_same_file(outs[k], outs[j])))
                return app_usage(cmd, "both outputs are %s", io_name(outs[j], "stdout"));
        }
    }
    return 0;
}

static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };

/*
 * A raw key by its length: a public key or an expanded secret key (their
 * lengths differ across parameter sets and from every DER form), or a
 * 32-byte seed of the given parameter set.
 */
static int raw_key(const uint8_t *data, size_t len, int param, MLDSA_KEY **key)
{

    if (len == MLDSA_SEED_BYTES)
        return mldsa_key_from_seed(key, (mldsa_param)param, data, len);
    for (size_t i = 0; i < sizeof(params) / sizeof(params[0]); i++) {
        if (len == mldsa_public_key_bytes(params[i]))
            return mldsa_key_from_public(key, params[i], data, len);
        if (len == mldsa_secret_key_bytes(params[i]))
            return mldsa_key_from_secret(key, params[i], data, len);
    }
    return MLDSA_ERR_KEY_LENGTH;
}

static int is_raw_length(size_t len)
{

    if (len == MLDSA_SEED_BYTES)
        return 1;
    for (size_t i = 0; i < sizeof(params) / sizeof(params[0]); i++)
        if (len == mldsa_public_key_bytes(params[i])
            || len == mldsa_secret_key_bytes(params[i]))
            return 1;
    return 0;
}

/* The first "-----BEGIN " at or after from (PEM text), or NULL. */
static const uint8_t *pem_begin(const uint8_t *from, const uint8_t *end)
{
    return app_find(from, (size_t)(end - from), PEM_MARKER);
}

/* 1 when the BEGIN line at begin is that of a key. */
static int is_key_label(const uint8_t *begin, const uint8_t *end)
{
    static const char *const labels[] = {
        "PUBLIC KEY-----", "PRIVATE KEY-----", "ENCRYPTED PRIVATE KEY-----"
    };
    const uint8_t *lab = begin + strlen(PEM_MARKER);

    for (size_t i = 0; i < sizeof(labels) / sizeof(labels[0]); i++)
        if ((size_t)(end - lab) >= strlen(labels[i])
            && memcmp(lab, labels[i], strlen(labels[i])) == 0)
            return 1;
    return 0;
}

/*
 * The key's block in PEM text that starts at first: as OpenSSL reads a
 * bundle, the blocks before it of other kinds (a certificate, parameters)
 * are skipped.  When there is none, the first block's label is named in
 * the message (up to its dashes) and NULL returned.
 */
static const uint8_t *pem_key_block(const char *name, const uint8_t *first,
                                    const uint8_t *end)
{
    const uint8_t *lab = first + strlen(PEM_MARKER), *p = lab;

    for (const uint8_t *b = first; b != NULL; b = pem_begin(b + 1, end))
        if (is_key_label(b, end))
            return b;
    while (p < end && *p != '-' && *p != '\n' && p - lab < 64)
        p++;
    app_error("%s: %.*s is not a PUBLIC KEY or PRIVATE KEY", name,
              (int)(p - lab), (const char *)lab);
    return NULL;
}

/*
 * Whether a key that decrypted (its padding was right) is a wrong
 * password after all: the bytes are then noise, which fails at the DER's
 * first tag or length; any other refusal is that of a real key.
 */
static int is_noise(int err)
{
    return err == MLDSA_ERR_DER || err == MLDSA_ERR_DER_LENGTH
        || err == MLDSA_ERR_TRAILING;
}

/* The encrypted key in data, opened with the password from passin. */
static int load_encrypted(const char *name, const uint8_t *data, size_t len,
                          const char *passin, MLDSA_KEY **key)
{
    APP_PASS pass;
    uint8_t *der = NULL;
    size_t derlen = 0;
    int ret;

    if (app_pkcs8_info() == NULL)
        return app_error("%s: " APP_NO_OPENSSL_MSG, name);
    if ((ret = app_get_pass(passin, name, 0, &pass)) != 0)
        return ret;
    ret = app_pkcs8_decrypt(name, data, len, &pass, &der, &derlen);
    if (ret == 0 && (ret = mldsa_key_from_der(key, der, derlen)) != MLDSA_OK) {
        if (is_noise(ret))
            ret = MLDSA_ERR_VERIFY;
        else
            ret = app_error("%s: decrypted, but not a key this tool reads: %s",
                            name, mldsa_strerror(ret));
    }
    if (ret == MLDSA_ERR_VERIFY)
        ret = app_error("%s: wrong password or corrupt key", name);
    app_cleanse(der, derlen);
    free(der);
    app_pass_clear(&pass);
    app_burn_stack();
    return ret;
}

int app_load_key(const char *path, int param, const char *passin,
                 MLDSA_KEY **key)
{
    const char *name = display_name(path);
    const uint8_t *begin;
    uint8_t *data;
    size_t len = 0;
    int ret = APP_EXIT_ERROR;

    *key = NULL;
    if ((data = app_read_file(path, APP_MAX_KEY_FILE, &len)) == NULL)
        return APP_EXIT_ERROR;
    if ((begin = pem_begin(data, data + len)) != NULL
        && (begin = pem_key_block(name, begin, data + len)) == NULL)
        goto end;
    if (app_pkcs8_is_encrypted(data, len)) {
        ret = load_encrypted(name, data, len, passin, key);
        goto end;
    }
    if (begin != NULL) {
        ret = mldsa_key_from_pem(key, (const char *)begin,
                                 (size_t)(data + len - begin));
    } else if (len == MLDSA_SEED_BYTES && param == 0) {
        ret = app_error("%s: a raw 32-byte seed needs its parameter set (-a 44|65|87)",
                        name);
        goto end;
    } else if (is_raw_length(len)) {
        ret = raw_key(data, len, param, key);
    } else if (len > 0 && data[0] == DER_SEQUENCE) {
        ret = mldsa_key_from_der(key, data, len);
    } else {
        ret = app_error("%s: not a key (PEM, DER or raw key bytes)", name);
        goto end;
    }
    if (ret != MLDSA_OK)
        ret = app_error("%s: bad key: %s", name, mldsa_strerror(ret));
 end:
    app_cleanse(data, len);
    free(data);
    return ret;
}

/* The private key's raw bytes: the seed or the expanded key. */
static int raw_private(const MLDSA_KEY *key, mldsa_key_format key_format,
                       uint8_t *out, size_t *outlen)
{
    size_t sklen = mldsa_secret_key_bytes(mldsa_key_param(key));

    if (key_format == MLDSA_KEY_FORMAT_SEED) {
        *outlen = MLDSA_SEED_BYTES;
        return mldsa_key_get_seed(key, out);
    }
    if (key_format == MLDSA_KEY_FORMAT_EXPANDED) {
        *outlen = sklen;
        return mldsa_key_get_secret(key, out, sklen);
    }
    /* No raw `both`: seed || ML-DSA-44 key is as long as an ML-DSA-87 public key. */
    return MLDSA_ERR_PARAM;
}

/* Room for the largest form: PEM of the `both` ML-DSA-87 key. */
#define PRIVATE_BUF_BYTES (2 * (MLDSA_SEED_BYTES + MLDSA_MAX_SECRET_KEY_BYTES) + 256)

/* Encrypt the PKCS#8 DER in *buf (replacing it) under the password from passout. */
static int encrypt_private(uint8_t **buf, size_t *len, size_t size,
                           const char *passout, int pem)
{
    APP_PASS pass;
    uint8_t *enc = NULL;
    size_t enclen = 0;
    int ret;

    if ((ret = app_get_pass(passout, "the new key", APP_PASS_NEW, &pass)) != 0)
        return ret;
    if ((ret = app_pkcs8_encrypt(*buf, *len, &pass, pem, &enc, &enclen)) == 0) {
        app_cleanse(*buf, size);
        free(*buf);
        *buf = enc;
        *len = enclen;
    }
    app_pass_clear(&pass);
    app_burn_stack();
    return ret;
}

int app_encode_private(const MLDSA_KEY *key, app_format format,
                       mldsa_key_format key_format, const char *passout,
                       uint8_t **out, size_t *outlen)
{
    uint8_t *buf;
    size_t len = PRIVATE_BUF_BYTES;
    int ret;

    if (format == APP_FORMAT_RAW && key_format == MLDSA_KEY_FORMAT_BOTH)
        return app_error("raw format holds the seed or the expanded key, not both");
    if (format == APP_FORMAT_RAW && passout != NULL)
        return app_error("raw keys cannot be encrypted (use --format pem or der)");
    if (passout != NULL && app_pkcs8_info() == NULL)
        return app_error("--passout: " APP_NO_OPENSSL_MSG);
    if ((buf = malloc(PRIVATE_BUF_BYTES)) == NULL)
        return app_error("out of memory");
    if (format == APP_FORMAT_PEM && passout == NULL)
        ret = mldsa_key_to_private_pem(key, key_format, (char *)buf, &len);
    else if (format == APP_FORMAT_RAW)
        ret = raw_private(key, key_format, buf, &len);
    else
        ret = mldsa_key_to_private_der(key, key_format, buf, &len);
    if (ret != MLDSA_OK)
        ret = app_error("cannot encode the private key: %s", mldsa_strerror(ret));
    else if (passout != NULL)
        ret = encrypt_private(&buf, &len, PRIVATE_BUF_BYTES, passout,
                              format == APP_FORMAT_PEM);
    if (ret != 0) {
        app_cleanse(buf, PRIVATE_BUF_BYTES);
        free(buf);
        return ret;
    }
    *out = buf;
    *outlen = len;
    return 0;
}

int app_encode_public(const MLDSA_KEY *key, app_format format, uint8_t **out,
                      size_t *outlen)
{
    size_t size = 2 * MLDSA_MAX_PUBLIC_KEY_BYTES + 256, len = size;
    uint8_t *buf = malloc(size);
    int ret;

    if (buf == NULL)
        return app_error("out of memory");
    if (format == APP_FORMAT_PEM) {
        ret = mldsa_key_to_public_pem(key, (char *)buf, &len);
    } else if (format == APP_FORMAT_DER) {
        ret = mldsa_key_to_public_der(key, buf, &len);
    } else {
        len = mldsa_public_key_bytes(mldsa_key_param(key));
        ret = mldsa_key_get_public(key, buf, len);
    }
    if (ret != MLDSA_OK) {
        free(buf);
        return app_error("cannot encode the public key: %s", mldsa_strerror(ret));
    }
    *out = buf;
    *outlen = len;
    return 0;
}

int app_write_private(const char *path, const MLDSA_KEY *key,
                      app_format format, mldsa_key_format key_format,
                      const char *passout, int flags)
{
    uint8_t *buf = NULL;
    size_t len = 0;
    int ret;

    if ((ret = app_encode_private(key, format, key_format, passout, &buf, &len)) != 0)
        return ret;
    ret = app_write_file(path, buf, len, flags | APP_OUT_SECRET);
    app_cleanse(buf, len);
    free(buf);
    return ret;
}

int app_write_public(const char *path, const MLDSA_KEY *key, app_format format,
                     int flags)
{
    uint8_t *buf = NULL;
    size_t len = 0;
    int ret;

    if ((ret = app_encode_public(key, format, &buf, &len)) != 0)
        return ret;
    ret = app_write_file(path, buf, len, flags & APP_OUT_FORCE);
    free(buf);
    return ret;
}
