/*
 * The mldsa command-line tool: what its parts share.  mldsa.c dispatches to
 * the commands (cmd_keys.c: keygen, pubkey, pkey; cmd_sign.c: sign, verify;
 * speed.c; info.c); apps_io.c holds files, key loading and writing, and
 * option helpers; apps_base.c, beneath every other file, the error and
 * usage messages, app_find and app_cleanse.
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

/* The first occurrence of the string s in data[0..len), or NULL. */
const uint8_t *app_find(const uint8_t *data, size_t len, const char *s);

/* Wipe a secret buffer (the library's ossl_cleanse). */
void app_cleanse(void *p, size_t len);
/*
 * Wipe 32 KiB of the stack below the caller: after a password went through
 * libcrypto's key derivation, whose SHA-256 leaves the blocks it hashed
 * (a password longer than HMAC's block) in frames it does not wipe.
 */
void app_burn_stack(void);

/* Open path for reading ("-" = stdin); NULL after a message. */
FILE *app_open_in(const char *path);
void app_close_in(FILE *fp);
/* The whole of path (at most max bytes) in a fresh buffer, read unbuffered
 * (no copy stays in stdio); NULL after a message.  The caller cleanses and
 * frees it. */
uint8_t *app_read_file(const char *path, size_t max, size_t *len);

/* Flags of an output file. */
#define APP_OUT_SECRET 1   /* mode 0600, and never over an existing file... */
#define APP_OUT_FORCE 2    /* ...unless forced (--force); without it no
                            * output replaces a file that may hold a
                            * private key (app_may_hold_private) */

/* What app_os_open_out found at the path. */
#define APP_EXISTING_NONE 0
#define APP_EXISTING_FILE 1   /* a regular file (replaced by the commit) */
#define APP_EXISTING_LINK 2   /* a symbolic link (replaced, never followed) */

/*
 * An output made whole before it is put in place: app_stage writes data
 * to a temporary beside path (or, for "-", keeps the pointer: data must
 * live until the commit), flushed to disk; app_commit renames it over path
 * (links it, for a secret without APP_OUT_FORCE, so an existing file is
 * never replaced) or writes it to stdout.  On failure nothing is left:
 * the old file is intact and the temporary removed.  A stream (a device,
 * a pipe, a socket, or a /dev/fd, /proc/PID/fd entry, also through links)
 * is written in place at the commit and keeps its mode.  A replaced
 * regular file's owner and group (and, for a public output, its mode) pass
 * to the new one.
 */
typedef struct {
    const char *path;
    char *tmp;        /* the temporary's name while staged, else NULL */
    int fd;
    int clobber;      /* rename over an existing file (else link) */
    int placed;       /* committed as a new name */
    int existing;     /* APP_EXISTING_*: what was at path when opened */
} APP_OUTFILE;

typedef struct {
    APP_OUTFILE f;
    const uint8_t *data;   /* stdout or a stream: written at commit */
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
/* path with suffix added to its last component, that component shortened
 * (at a UTF-8 character boundary) so the name fits the file system's
 * limit: the temporaries, backups and journal beside a file.  A fresh
 * string, or NULL.  (apps_os_portable.inc, in the platform layer) */
char *app_sibling(const char *path, const char *suffix);

/*
 * 1 unless the file's bytes are surely not a private key: a private key
 * is any PEM block labelled ...PRIVATE..., DER PKCS#8 (plain or
 * encrypted), a raw seed or expanded secret key by its length, or the
 * --text dump of a private key; surely public are an empty file, PEM with
 * no private block, a DER SubjectPublicKeyInfo, a raw public key or
 * signature by its length, and the --text dump of a public key.  Anything
 * else may be a private key.  (apps_keykind.c)
 */
int app_may_hold_private(const uint8_t *data, size_t len);

/*
 * keygen's two outputs, both or neither (apps_pair.c): each staged, then
 * put in place under a journal beside the private key (the old files kept
 * as named backups until both new ones are in place), so that a failure
 * puts the old pair back and a kill at any instant leaves the old pair,
 * the new pair, or a journal that app_pair_recover repairs.  A stream is
 * written first, before any file is placed.
 */
int app_write_pair(const char *out, const uint8_t *priv, size_t privlen,
                   const char *pubout, const uint8_t *pub, size_t publen,
                   int flags);
/* Repair what an interrupted app_write_pair for the private key path left
 * (a journal beside it), saying what it did; 0 when nothing was left or it
 * is repaired, else APP_EXIT_ERROR after a message. */
int app_pair_recover(const char *out);

/*
 * Refusals before any work (exit 2 with one line): two of the nins inputs
 * are stdin ("-"), or are the same stream (by identity: /dev/stdin and
 * "-" are one, and so are two names of one pipe), or one of the nouts
 * outputs is the same file as an input or as another output (two outputs
 * are never both stdout).  NULL entries are skipped.
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

/* The identity of a file: its device (volume) and inode (file index). */
typedef struct {
    uint64_t dev;
    uint64_t ino;
    int regular;      /* a regular file (not a pipe, device, socket...) */
} APP_FILE_ID;
/* The identity of what path names, links followed ("-": the standard
 * stream std_fd); 1 when known, else 0. */
int app_os_file_id(const char *path, int std_fd, APP_FILE_ID *id);
/* The longest name, in bytes, of a file in path's folder, and in *base
 * the offset of path's last component. */
size_t app_os_name_max(const char *path, size_t *base);
/* A hard link to from named to (never over an existing name), or from
 * renamed over to; the folder synced.  0, or APP_EXIT_ERROR after a
 * message. */
int app_os_link(const char *from, const char *to);
int app_os_rename(const char *from, const char *to);
/* Remove path (nothing when it does not exist); 0 when it is gone. */
int app_os_remove(const char *path);
/* One line from the terminal without echo, after prompt (the echo comes
 * back on every signal): 0; 1 when it has cap bytes or more (no message);
 * APP_EXIT_ERROR after a message. */
int app_os_read_tty(const char *prompt, char *buf, size_t cap, size_t *len);
/* read(2) of up to n bytes from fd, again after a signal: the bytes read
 * (0 at the end), or -1 with errno set. */
long app_os_read(int fd, void *buf, size_t n);
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
/* Flags of app_get_pass. */
#define APP_PASS_NEW 1    /* a new password: asked twice, never empty */
#define APP_PASS_SEED 2   /* keygen's seed in hex (--seed-in), not a password */
/*
 * Read the password named by src (OpenSSL's sources: pass:TEXT, env:VAR,
 * file:PATH, fd:N, stdin; "prompt" or NULL: ask on the terminal), at most
 * APP_MAX_PASS - 1 bytes from every source.  what names it in prompts and
 * messages.  0, or APP_EXIT_ERROR (pass wiped).
 */
int app_get_pass(const char *src, const char *what, int flags, APP_PASS *pass);
void app_pass_clear(APP_PASS *pass);
/*
 * The first line of file descriptor fd, read a byte at a time (what follows
 * the line stays for its next reader), without its CR LF or LF: 0; 1 when
 * it has cap bytes or more (nothing past the byte after the limit is
 * read); -1 on a read error (errno says which).  (apps_os_portable.inc)
 */
int app_read_line(int fd, char *buf, size_t cap, size_t *len);
/* What the password source src reads, as an input for app_check_paths:
 * "-" for stdin (stdin, fd:0), PATH for file:PATH, else NULL. */
const char *app_pass_input(const char *src);

/* Encrypted PKCS#8 (apps_pkcs8.c; OpenSSL's libcrypto when built with it). */
#define APP_NO_OPENSSL_MSG "built without OpenSSL: encrypted keys are unavailable"
/* The libcrypto in use ("OpenSSL 3.0.x ..."), or NULL when built without. */
const char *app_pkcs8_info(void);
/* 1 when data is an EncryptedPrivateKeyInfo, PEM or DER. */
int app_pkcs8_is_encrypted(const uint8_t *data, size_t len);
/*
 * Decrypt an EncryptedPrivateKeyInfo (PEM or DER) of the file name into the
 * PKCS#8 DER it holds (a fresh buffer, cleansed and freed by the caller).
 * MLDSA_ERR_VERIFY for a wrong password or a corrupt key, APP_EXIT_ERROR
 * after a message (also for a key derivation beyond the tool's limits:
 * PBKDF2 over 10^7 iterations; scrypt over 32 MiB or N r p over 2^26).
 */
int app_pkcs8_decrypt(const char *name, const uint8_t *data, size_t len,
                      const APP_PASS *pass, uint8_t **der, size_t *derlen);
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
                     app_format format, int flags);

/* GNU option habits (apps_opt.c): --opt=VALUE split, "--" ends options;
 * the array returned is the caller's to free. */
char **app_gnu_args(int argc, char **argv, int *newargc);

#endif /* MLDSA_APPS_H */
