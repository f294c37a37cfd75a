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
int cmd_selftest(int argc, char **argv);

/* The printf format checks follow the printf in use (mingw-w64's C99 one). */
#ifdef __MINGW_PRINTF_FORMAT
# define APP_PRINTF_FORMAT __MINGW_PRINTF_FORMAT
#else
# define APP_PRINTF_FORMAT printf
#endif

/* Print "mldsa: <message>" on one line to stderr; returns APP_EXIT_ERROR. */
int app_error(const char *fmt, ...)
    __attribute__((format(APP_PRINTF_FORMAT, 1, 2)));
/* Print "mldsa CMD: <message> (see 'mldsa CMD --help')"; returns APP_EXIT_ERROR. */
int app_usage(const char *cmd, const char *fmt, ...)
    __attribute__((format(APP_PRINTF_FORMAT, 2, 3)));
/* 1 when arg is -h or --help. */
int app_is_help(const char *arg);
/* The value of option argv[*i]: argv[*i + 1] (and *i advances), or NULL
 * after a usage message when it is missing or is "--". */
const char *app_optarg(const char *cmd, int argc, char **argv, int *i);

/*
 * An argument that is not a known option: "--" (ends the options: *ended
 * is set), the operand (at most one, into *operand), or an unknown option
 * (a usage message).  0, or APP_EXIT_ERROR.
 */
int app_operand(const char *cmd, char **argv, int *i, int *ended,
                const char **operand);
/* The input from -i (*in, NULL when not given) or the operand, not both;
 * stdin when neither.  0, or APP_EXIT_ERROR. */
int app_set_input(const char *cmd, const char *operand, const char **in);

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

/* Flags of an output file. */
#define APP_OUT_SECRET 1   /* mode 0600, and never over an existing file... */
#define APP_OUT_FORCE 2    /* ...unless forced (--force) */

/*
 * An output made whole before it is put in place: app_stage writes data
 * to a temporary beside path (or, for "-", keeps the pointer: data must
 * live until the commit), flushed to disk; app_commit renames it over path
 * (links it, for a secret without APP_OUT_FORCE, so an existing file is
 * never replaced) or writes it to stdout.  On failure nothing is left:
 * the old file is intact and the temporary removed.  A device or a pipe is
 * written in place at the commit and keeps its mode.
 */
typedef struct {
    const char *path;
    char *tmp;        /* the temporary's name while staged, else NULL */
    int fd;
    int clobber;      /* rename over an existing file (else link) */
    int placed;       /* committed as a new name */
} APP_OUTFILE;

typedef struct {
    APP_OUTFILE f;
    const uint8_t *data;   /* stdout, a device or a pipe: written at commit */
    size_t len;
    int direct;
} APP_OUTPUT;

int app_stage(APP_OUTPUT *o, const char *path, const void *data, size_t len,
              int flags);
int app_commit(APP_OUTPUT *o);
/* Drop a staged output (nothing happens when it was never staged). */
void app_abandon(APP_OUTPUT *o);
/* Stage and commit at once: 0, or APP_EXIT_ERROR after a message. */
int app_write_file(const char *path, const void *data, size_t len, int flags);

/*
 * Refusals before any work (exit 2 with one line): two of the nins inputs
 * are stdin ("-"), or one of the nouts outputs is the same file as an
 * input or as another output (stdout may take several outputs, in order).
 * NULL entries are skipped.
 */
int app_check_paths(const char *cmd, const char *const *ins, size_t nins,
                    const char *const *outs, size_t nouts);

/* Operating system (apps_posix.c, apps_win32.c: the Makefile builds the
 * target's one). */
int app_os_open_out(APP_OUTFILE *f, const char *path, int secret, int clobber);
int app_os_write(APP_OUTFILE *f, const void *data, size_t len);
/* fsync (a temporary) and close; on failure the temporary is removed. */
int app_os_finish(APP_OUTFILE *f);
/* Rename or link the finished temporary into place. */
int app_os_commit(APP_OUTFILE *f);
void app_os_discard(APP_OUTFILE *f);
/* Remove a committed file that was new (never one that replaced another). */
void app_os_unplace(APP_OUTFILE *f);
/* 1 when a and b name the same file (or, not existing, the same name). */
int app_os_same_file(const char *a, const char *b);
/* One line from the terminal without echo, after prompt; 0 or an error. */
int app_os_read_tty(const char *prompt, char *buf, size_t cap, size_t *len);
/* The first line read from file descriptor fd; 0 or an error. */
int app_os_read_fd_line(int fd, char *buf, size_t cap, size_t *len);
/* Before any command: stdin and stdout in binary mode (no CR LF
 * translation on Windows) and, on Windows, the arguments as UTF-8 (a fresh
 * array); 0, or APP_EXIT_ERROR after a message. */
int app_os_init(int *argc, char ***argv);
/* fopen of a UTF-8 path (mode always binary: "rb", "wb"). */
FILE *app_os_fopen(const char *path, const char *mode);
/* CPU time of this thread and a monotonic clock, in seconds. */
double app_os_cpu_sec(void);
double app_os_wall_sec(void);
/* Stay on the CPU this thread runs on (children inherit it where they can). */
void app_os_pin_cpu(void);

/* A copy of this program with pipes to its stdin (to) and stdout (from). */
typedef struct {
    intptr_t id;      /* process id or handle */
    FILE *to;
    FILE *from;
} APP_CHILD;
/* Start this program (argv0 where it cannot find itself) with args
 * (args[0] its name, NULL-terminated) and var=value in its environment;
 * 0, or APP_EXIT_ERROR after a message naming what. */
int app_os_spawn_self(APP_CHILD *c, const char *what, const char *argv0,
                      char *const *args, const char *var, const char *value);
/* Close the pipes and wait for c; 0 when it exited with status 0. */
int app_os_child_wait(APP_CHILD *c);

/* Passwords (apps_pass.c) for encrypted PKCS#8. */
#define APP_MAX_PASS 1024
typedef struct {
    char buf[APP_MAX_PASS];
    size_t len;
} APP_PASS;
/*
 * Read the password named by src (OpenSSL's sources: pass:TEXT, env:VAR,
 * file:PATH, fd:N, stdin; "prompt" or NULL: ask on the terminal, twice
 * when verify).
 * what names it in prompts and messages.  0, or APP_EXIT_ERROR.
 */
int app_get_pass(const char *src, const char *what, int verify, APP_PASS *pass);
void app_pass_clear(APP_PASS *pass);
/* "-" when the password source src reads stdin (stdin, fd:0), else NULL:
 * an input for app_check_paths. */
const char *app_pass_input(const char *src);

/* Encrypted PKCS#8 (apps_pkcs8.c; OpenSSL's libcrypto when built with it). */
#define APP_NO_OPENSSL_MSG "built without OpenSSL: encrypted keys are unavailable"
/* The libcrypto in use ("OpenSSL 3.0.x ..."), or NULL when built without. */
const char *app_pkcs8_info(void);
/* 1 when data is an EncryptedPrivateKeyInfo, PEM or DER. */
int app_pkcs8_is_encrypted(const uint8_t *data, size_t len);
/*
 * Decrypt an EncryptedPrivateKeyInfo (PEM or DER) into the PKCS#8 DER it
 * holds (a fresh buffer, cleansed and freed by the caller).
 * MLDSA_ERR_VERIFY for a wrong password or a corrupt key, another
 * APP_EXIT_ERROR after a message.
 */
int app_pkcs8_decrypt(const uint8_t *data, size_t len, const APP_PASS *pass,
                      uint8_t **der, size_t *derlen);
/*
 * Encrypt PKCS#8 DER under pass (PBES2: PBKDF2-HMAC-SHA256, AES-256-CBC)
 * into an EncryptedPrivateKeyInfo as PEM (pem) or DER, in a fresh buffer.
 */
int app_pkcs8_encrypt(const uint8_t *der, size_t derlen, const APP_PASS *pass,
                      int pem, uint8_t **out, size_t *outlen);

/*
 * Load a key from path: PEM or DER (SubjectPublicKeyInfo or PKCS#8, any
 * form the library reads, or encrypted PKCS#8 opened with the password
 * from passin), or raw bytes told apart by their length (a public key, an
 * expanded secret key, or a 32-byte seed, which needs param; param 0 =
 * none given).  0, or APP_EXIT_ERROR after a message.
 */
int app_load_key(const char *path, int param, const char *passin,
                 MLDSA_KEY **key);
/*
 * The private key in format / key_format, encrypted under the password
 * from passout when it is not NULL, in a fresh buffer (cleansed and freed
 * by the caller).
 */
int app_encode_private(const MLDSA_KEY *key, app_format format,
                       mldsa_key_format key_format, const char *passout,
                       uint8_t **out, size_t *len);
/* The public key in format, in a fresh buffer. */
int app_encode_public(const MLDSA_KEY *key, app_format format, uint8_t **out,
                      size_t *len);
/* Encode and write (mode 0600, no clobber unless flags has APP_OUT_FORCE). */
int app_write_private(const char *path, const MLDSA_KEY *key,
                      app_format format, mldsa_key_format key_format,
                      const char *passout, int flags);
int app_write_public(const char *path, const MLDSA_KEY *key,
                     app_format format);

/* GNU option habits (apps_opt.c): --opt=VALUE split, "--" ends options;
 * the array returned is the caller's to free. */
char **app_gnu_args(int argc, char **argv, int *newargc);

#endif /* MLDSA_APPS_H */
