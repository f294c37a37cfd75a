/*
 * The tool's plumbing: messages and exit codes, option values, files and
 * stdin/stdout, and keys in and out of files in every format.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "apps.h"

#define SECRET_FILE_MODE 0600
#define PUBLIC_FILE_MODE 0644
#define PEM_MARKER "-----BEGIN "
#define DER_SEQUENCE 0x30

static const char *display_name(const char *path)
{
    return strcmp(path, APP_STDIO) == 0 ? "stdin" : path;
}

int app_error(const char *fmt, ...)
{
    va_list ap;

    fputs("mldsa: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return APP_EXIT_ERROR;
}

int app_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "mldsa %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'mldsa %s --help')\n", cmd);
    return APP_EXIT_ERROR;
}

int app_is_help(const char *arg)
{
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

const char *app_optarg(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
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

void app_cleanse(void *p, size_t len)
{
    if (p != NULL)
        mldsa_cleanse(p, len);
}

FILE *app_open_in(const char *path)
{
    FILE *fp;

    if (strcmp(path, APP_STDIO) == 0)
        return stdin;
    if ((fp = fopen(path, "rb")) == NULL)
        app_error("%s: cannot open: %s", path, strerror(errno));
    return fp;
}

void app_close_in(FILE *fp)
{
    if (fp != NULL && fp != stdin)
        fclose(fp);
}

uint8_t *app_read_file(const char *path, size_t max, size_t *len)
{
    FILE *fp = app_open_in(path);
    uint8_t *buf = NULL;
    size_t n = 0, got;

    if (fp == NULL)
        return NULL;
    /* unbuffered: no copy of a key file is left in stdio's buffer */
    setvbuf(fp, NULL, _IONBF, 0);
    if ((buf = malloc(max + 1)) == NULL) {
        app_error("%s: out of memory", display_name(path));
        goto end;
    }
    while ((got = fread(buf + n, 1, max + 1 - n, fp)) > 0) {
        n += got;
        if (n > max)
            break;
    }
    if (ferror(fp)) {
        app_error("%s: cannot read: %s", display_name(path), strerror(errno));
    } else if (n > max) {
        app_error("%s: larger than %zu bytes", display_name(path), max);
    } else {
        *len = n;
        app_close_in(fp);
        return buf;
    }
    app_cleanse(buf, max + 1);
    free(buf);
    buf = NULL;
 end:
    app_close_in(fp);
    return buf;
}

int app_write_file(const char *path, const void *data, size_t len, int secret)
{
    const uint8_t *p = data;
    int fd, ret = APP_EXIT_ERROR;

    if (strcmp(path, APP_STDIO) == 0) {
        /* written past stdio's buffer, which would keep a copy of a secret */
        if (fflush(stdout) != 0)
            return app_error("stdout: cannot write: %s", strerror(errno));
        fd = STDOUT_FILENO;
        path = "stdout";
        secret = 0;             /* not ours to chmod */
    } else {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC,
                  secret ? SECRET_FILE_MODE : PUBLIC_FILE_MODE);
    }
    if (fd < 0)
        return app_error("%s: cannot create: %s", path, strerror(errno));
    /*
     * An existing file keeps its mode through O_CREAT: tighten it first.
     * Only a regular file: a device or pipe (-o /dev/null) is not ours to
     * change, and holds nothing once written.
     */
    if (secret) {
        struct stat st;

        if (fstat(fd, &st) != 0) {
            app_error("%s: cannot stat: %s", path, strerror(errno));
            goto end;
        }
        if (S_ISREG(st.st_mode) && fchmod(fd, SECRET_FILE_MODE) != 0) {
            app_error("%s: cannot set mode 0600: %s", path, strerror(errno));
            goto end;
        }
    }
    while (len > 0) {
        ssize_t w = write(fd, p, len);

        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            app_error("%s: cannot write: %s", path, strerror(errno));
            goto end;
        }
        p += w;
        len -= (size_t)w;
    }
    ret = 0;
 end:
    if (fd != STDOUT_FILENO && close(fd) != 0 && ret == 0)
        ret = app_error("%s: cannot write: %s", path, strerror(errno));
    return ret;
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

/* PEM text is recognised by its BEGIN line anywhere in the file. */
static int looks_like_pem(const uint8_t *data, size_t len)
{
    size_t n = strlen(PEM_MARKER);

    for (size_t i = 0; n <= len && i <= len - n; i++)
        if (memcmp(data + i, PEM_MARKER, n) == 0)
            return 1;
    return 0;
}

int app_load_key(const char *path, int param, MLDSA_KEY **key)
{
    const char *name = display_name(path);
    uint8_t *data;
    size_t len = 0;
    int ret;

    *key = NULL;
    if ((data = app_read_file(path, APP_MAX_KEY_FILE, &len)) == NULL)
        return APP_EXIT_ERROR;
    if (looks_like_pem(data, len)) {
        ret = mldsa_key_from_pem(key, (const char *)data, len);
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

int app_write_private(const char *path, const MLDSA_KEY *key,
                      app_format format, mldsa_key_format key_format)
{
    /* Room for the largest form: PEM of the `both` ML-DSA-87 key. */
    uint8_t buf[2 * (MLDSA_SEED_BYTES + MLDSA_MAX_SECRET_KEY_BYTES) + 256];
    size_t len = sizeof(buf);
    int ret;

    if (format == APP_FORMAT_RAW && key_format == MLDSA_KEY_FORMAT_BOTH)
        return app_error("raw format holds the seed or the expanded key, not both");
    if (format == APP_FORMAT_PEM)
        ret = mldsa_key_to_private_pem(key, key_format, (char *)buf, &len);
    else if (format == APP_FORMAT_DER)
        ret = mldsa_key_to_private_der(key, key_format, buf, &len);
    else
        ret = raw_private(key, key_format, buf, &len);
    if (ret != MLDSA_OK)
        ret = app_error("%s: cannot encode the private key: %s",
                        strcmp(path, APP_STDIO) == 0 ? "stdout" : path,
                        mldsa_strerror(ret));
    else
        ret = app_write_file(path, buf, len, 1);
    app_cleanse(buf, sizeof(buf));
    return ret;
}

int app_write_public(const char *path, const MLDSA_KEY *key, app_format format)
{
    uint8_t buf[2 * MLDSA_MAX_PUBLIC_KEY_BYTES + 256];
    size_t len = sizeof(buf);
    int ret;

    if (format == APP_FORMAT_PEM) {
        ret = mldsa_key_to_public_pem(key, (char *)buf, &len);
    } else if (format == APP_FORMAT_DER) {
        ret = mldsa_key_to_public_der(key, buf, &len);
    } else {
        len = mldsa_public_key_bytes(mldsa_key_param(key));
        ret = mldsa_key_get_public(key, buf, len);
    }
    if (ret != MLDSA_OK)
        return app_error("%s: cannot encode the public key: %s",
                         strcmp(path, APP_STDIO) == 0 ? "stdout" : path,
                         mldsa_strerror(ret));
    return app_write_file(path, buf, len, 0);
}
