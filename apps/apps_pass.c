/*
 * Passwords for encrypted keys, from the sources OpenSSL's -passin and
 * -passout name (openssl-passphrase-options(1)): pass:TEXT, env:VAR,
 * file:PATHNAME and fd:NUMBER (the first line), stdin (the first line of
 * it), and a prompt on the terminal without echo: "prompt", or no source.
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

/* Copy n bytes of s into pass, refusing what does not fit. */
static int set_pass(APP_PASS *pass, const char *what, const char *s, size_t n)
{
    if (n >= sizeof(pass->buf))
        return app_error("%s: password longer than %d bytes", what,
                         APP_MAX_PASS - 1);
    memcpy(pass->buf, s, n);
    pass->buf[n] = '\0';
    pass->len = n;
    return 0;
}

/* The first line of fp, without its line end. */
static int first_line(FILE *fp, const char *name, const char *what,
                      APP_PASS *pass)
{
    if (fgets(pass->buf, sizeof(pass->buf), fp) == NULL)
        return app_error("%s: no password in %s%s%s", what, name,
                         ferror(fp) ? ": " : "", ferror(fp) ? strerror(errno) : "");
    pass->len = strcspn(pass->buf, "\r\n");
    pass->buf[pass->len] = '\0';
    return 0;
}

/* Ask on the terminal, twice for a new password. */
static int prompt(const char *what, int verify, APP_PASS *pass)
{
    char text[128];
    APP_PASS again;
    int ret;

    snprintf(text, sizeof(text), "Enter password for %s: ", what);
    if ((ret = app_os_read_tty(text, pass->buf, sizeof(pass->buf), &pass->len)) != 0
        || !verify)
        return ret;
    snprintf(text, sizeof(text), "Verifying - enter password for %s: ", what);
    if ((ret = app_os_read_tty(text, again.buf, sizeof(again.buf), &again.len)) == 0
        && (again.len != pass->len || memcmp(again.buf, pass->buf, pass->len) != 0))
        ret = app_error("%s: the passwords do not match", what);
    app_pass_clear(&again);
    return ret;
}

int app_get_pass(const char *src, const char *what, int verify, APP_PASS *pass)
{
    const char *v;
    FILE *fp;
    int ret;

    pass->len = 0;
    if (src == NULL || strcmp(src, SRC_PROMPT) == 0)
        return prompt(what, verify, pass);
    if (starts(src, SRC_PASS))
        return set_pass(pass, what, src + strlen(SRC_PASS),
                        strlen(src + strlen(SRC_PASS)));
    if (starts(src, SRC_ENV)) {
        if ((v = getenv(src + strlen(SRC_ENV))) == NULL)
            return app_error("%s: environment variable %s is not set", what,
                             src + strlen(SRC_ENV));
        return set_pass(pass, what, v, strlen(v));
    }
    if (starts(src, SRC_FILE)) {
        if ((fp = app_os_fopen(src + strlen(SRC_FILE), "rb")) == NULL)
            return app_error("%s: cannot open %s: %s", what,
                             src + strlen(SRC_FILE), strerror(errno));
        ret = first_line(fp, src + strlen(SRC_FILE), what, pass);
        fclose(fp);
        return ret;
    }
    if (starts(src, SRC_FD)) {
        char *end;
        long fd = strtol(src + strlen(SRC_FD), &end, 10);

        if (end == src + strlen(SRC_FD) || *end != '\0' || fd < 0 || fd > 65535)
            return app_error("%s: '%s' is not fd:NUMBER", what, src);
        return app_os_read_fd_line((int)fd, pass->buf, sizeof(pass->buf), &pass->len);
    }
    if (strcmp(src, SRC_STDIN) == 0)
        return first_line(stdin, "stdin", what, pass);
    return app_error("%s: unknown password source '%s' (pass:, env:, file:, fd:, "
                     "stdin or prompt)", what, src);
}

void app_pass_clear(APP_PASS *pass)
{
    app_cleanse(pass, sizeof(*pass));
}

const char *app_pass_input(const char *src)
{
    if (src != NULL && (strcmp(src, SRC_STDIN) == 0 || strcmp(src, SRC_FD "0") == 0))
        return APP_STDIO;
    return NULL;
}
