/*
 * Passwords for encrypted keys, from the sources OpenSSL's -passin and
 * -passout name (openssl-passphrase-options(1)): pass:TEXT, env:VAR,
 * file:PATHNAME and fd:NUMBER (the first line), stdin (the first line of
 * it), and a prompt on the terminal without echo: "prompt", or no source.
 * Lines are read a byte at a time, so that a stream shared with another
 * input keeps what follows the line; every source has the same limit
 * (APP_MAX_PASS - 1 bytes) and, for a new password, refuses an empty one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "apps.h"

#define SRC_PASS "pass:"
#define SRC_ENV "env:"
#define SRC_FILE "file:"
#define SRC_FD "fd:"
#define SRC_STDIN "stdin"
#define SRC_PROMPT "prompt"

static int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* What a source gives: a password, or keygen's seed (--seed-in). */
static const char *noun(int flags)
{
    return (flags & APP_PASS_SEED) != 0 ? "seed" : "password";
}

/* The one message for a line over the limit, whatever its source. */
static int too_long(const char *what, int flags)
{
    return app_error("%s: %s longer than %d bytes", what, noun(flags),
                     APP_MAX_PASS - 1);
}

/* Copy n bytes of s into pass, refusing what does not fit. */
static int set_pass(APP_PASS *pass, const char *what, int flags, const char *s,
                    size_t n)
{
    if (n >= sizeof(pass->buf))
        return too_long(what, flags);
    memcpy(pass->buf, s, n);
    pass->buf[n] = '\0';
    pass->len = n;
    return 0;
}

/* The first line of file descriptor fd (named name), read a byte at a time. */
static int fd_line(int fd, const char *name, const char *what, int flags,
                   APP_PASS *pass)
{
    int r = app_read_line(fd, pass->buf, sizeof(pass->buf), &pass->len);

    if (r < 0)
        return app_error("%s: cannot read the %s from %s: %s", what, noun(flags),
                         name, strerror(errno));
    return r > 0 ? too_long(what, flags) : 0;
}

/* Ask on the terminal, twice for a new password. */
static int prompt(const char *what, int flags, APP_PASS *pass)
{
    char text[128];
    APP_PASS again;
    int ret;

    snprintf(text, sizeof(text), "Enter %s for %s: ", noun(flags), what);
    if ((ret = app_os_read_tty(text, pass->buf, sizeof(pass->buf), &pass->len)) != 0
        || (flags & APP_PASS_NEW) == 0)
        return ret == 1 ? too_long(what, flags) : ret;
    snprintf(text, sizeof(text), "Verifying - enter %s for %s: ", noun(flags), what);
    if ((ret = app_os_read_tty(text, again.buf, sizeof(again.buf), &again.len)) == 1)
        ret = too_long(what, flags);
    else if (ret == 0
             && (again.len != pass->len || memcmp(again.buf, pass->buf, pass->len) != 0))
        ret = app_error("%s: the passwords do not match", what);
    app_pass_clear(&again);
    return ret;
}

/* The password from src, before the checks app_get_pass makes on it. */
static int read_source(const char *src, const char *what, int flags,
                       APP_PASS *pass)
{
    const char *v;
    FILE *fp;
    int ret;

    if (src == NULL || strcmp(src, SRC_PROMPT) == 0)
        return prompt(what, flags, pass);
    if (starts(src, SRC_PASS))
        return set_pass(pass, what, flags, src + strlen(SRC_PASS),
                        strlen(src + strlen(SRC_PASS)));
    if (starts(src, SRC_ENV)) {
        if ((v = getenv(src + strlen(SRC_ENV))) == NULL)
            return app_error("%s: environment variable %s is not set", what,
                             src + strlen(SRC_ENV));
        return set_pass(pass, what, flags, v, strlen(v));
    }
    if (starts(src, SRC_FILE)) {
        if ((fp = app_os_fopen(src + strlen(SRC_FILE), "rb")) == NULL)
            return app_error("%s: cannot open %s: %s", what,
                             src + strlen(SRC_FILE), strerror(errno));
        /* read past stdio: its buffer would keep a copy */
        ret = fd_line(fileno(fp), src + strlen(SRC_FILE), what, flags, pass);
        fclose(fp);
        return ret;
    }
    if (starts(src, SRC_FD)) {
        char *end;
        long fd = strtol(src + strlen(SRC_FD), &end, 10);

        if (end == src + strlen(SRC_FD) || *end != '\0' || fd < 0 || fd > 65535)
            return app_error("%s: '%s' is not fd:NUMBER", what, src);
        return fd_line((int)fd, src, what, flags, pass);
    }
    if (strcmp(src, SRC_STDIN) == 0)
        return fd_line(fileno(stdin), "stdin", what, flags, pass);
    return app_error("%s: unknown %s source '%s' (pass:, env:, file:, fd:, "
                     "stdin or prompt)", what, noun(flags), src);
}

int app_get_pass(const char *src, const char *what, int flags, APP_PASS *pass)
{
    int ret;

    pass->len = 0;
    if ((ret = read_source(src, what, flags, pass)) == 0
        && (flags & APP_PASS_NEW) != 0 && pass->len == 0)
        ret = app_error("%s: an empty password cannot encrypt a key", what);
    /* a failure keeps nothing: not the first of two prompted passwords
     * that differ, nor the part of one that was too long */
    if (ret != 0)
        app_pass_clear(pass);
    return ret;
}

void app_pass_clear(APP_PASS *pass)
{
    app_cleanse(pass, sizeof(*pass));
}

const char *app_pass_input(const char *src)
{
    if (src != NULL && (strcmp(src, SRC_STDIN) == 0 || strcmp(src, SRC_FD "0") == 0))
        return APP_STDIO;
    if (src != NULL && starts(src, SRC_FILE))
        return src + strlen(SRC_FILE);
    return NULL;
}
