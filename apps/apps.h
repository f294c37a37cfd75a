/*
 * The mldsa command-line tool: what its parts share.  mldsa.c dispatches to
 * the commands (cmd_keys.c: keygen, pubkey, pkey; cmd_sign.c: sign, verify;
 * speed.c; info.c); apps_io.c holds files, key loading and writing, and
 * option helpers.
 */
#ifndef MLDSA_APPS_H
#define MLDSA_APPS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "mldsa.h"

/* Exit codes: verify's "invalid" is 1; every usage or input error is 2. */
#define APP_EXIT_OK 0
#define APP_EXIT_INVALID 1
#define APP_EXIT_ERROR 2

/* "-" names stdin or stdout. */
#define APP_STDIO "-"

/* Streaming chunk for messages of any size. */
#define APP_CHUNK_BYTES (64 * 1024)

/* Key files are small: anything larger is not a key. */
#define APP_MAX_KEY_FILE (1024 * 1024)

typedef enum { APP_FORMAT_PEM, APP_FORMAT_DER, APP_FORMAT_RAW } app_format;

/* One command: its name, entry point and one-line summary. */
typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} APP_COMMAND;

int cmd_keygen(int argc, char **argv);
int cmd_pubkey(int argc, char **argv);
int cmd_pkey(int argc, char **argv);
int cmd_sign(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_speed(int argc, char **argv);
int cmd_info(int argc, char **argv);

/* Print "mldsa: <message>" on one line to stderr; returns APP_EXIT_ERROR. */
int app_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* Print "mldsa CMD: <message> (see 'mldsa CMD --help')"; returns APP_EXIT_ERROR. */
int app_usage(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* 1 when arg is -h or --help. */
int app_is_help(const char *arg);
/* The value of option argv[*i]: argv[*i + 1] (and *i advances), or NULL
 * after a usage message when it is missing. */
const char *app_optarg(const char *cmd, int argc, char **argv, int *i);

/* Parsers for option values; 0 on success, APP_EXIT_ERROR after a message. */
int app_parse_param(const char *cmd, const char *s, mldsa_param *param);
int app_parse_format(const char *cmd, const char *s, app_format *format);
int app_parse_key_format(const char *cmd, const char *s,
                         mldsa_key_format *format);
int app_parse_hash(const char *cmd, const char *s, mldsa_hash *hash);
/* Hex (even length, either case) into out; 0, or APP_EXIT_ERROR after a
 * message naming what (e.g. "--seed"). */
int app_parse_hex(const char *cmd, const char *what, const char *hex,
                  uint8_t *out, size_t outmax, size_t *outlen);
/* --context TEXT / --context-hex HEX into ctx (up to 255 bytes). */
int app_parse_context(const char *cmd, const char *opt, const char *val,
                      uint8_t ctx[MLDSA_MAX_CONTEXT_BYTES], size_t *ctxlen);

/* Wipe a secret buffer (the library's ossl_cleanse). */
void app_cleanse(void *p, size_t len);

/* Open path for reading ("-" = stdin); NULL after a message. */
FILE *app_open_in(const char *path);
void app_close_in(FILE *fp);
/* The whole of path (at most max bytes) in a fresh buffer, read unbuffered
 * (no copy stays in stdio); NULL after a message.  The caller cleanses and
 * frees it. */
uint8_t *app_read_file(const char *path, size_t max, size_t *len);
/* Write len bytes to path ("-" = stdout, written past stdio's buffer),
 * replacing it; secret files are created with mode 0600 (and an existing
 * regular file is set to 0600 first; a device or pipe keeps its mode).
 * 0, or APP_EXIT_ERROR after a message. */
int app_write_file(const char *path, const void *data, size_t len, int secret);

/*
 * Load a key from path: PEM or DER (SubjectPublicKeyInfo or PKCS#8, any
 * form the library reads), or raw bytes told apart by their length (a
 * public key, an expanded secret key, or a 32-byte seed, which needs
 * param; param 0 = none given).  0, or APP_EXIT_ERROR after a message.
 */
int app_load_key(const char *path, int param, MLDSA_KEY **key);
/* Write the private key in format / key_format to path (mode 0600). */
int app_write_private(const char *path, const MLDSA_KEY *key,
                      app_format format, mldsa_key_format key_format);
/* Write the public key in format to path. */
int app_write_public(const char *path, const MLDSA_KEY *key,
                     app_format format);

#endif /* MLDSA_APPS_H */
