/*
 * The tool's calls into the operating system, POSIX edition: output files
 * made whole in a temporary beside the target and then renamed or linked
 * into place, the identity of two paths, a password read from the terminal
 * without echo, and the clocks and the processes of `mldsa speed`.  Its
 * Windows twin is apps_win32.c (the interface is in apps.h, "Operating
 * system").
 */
#define _GNU_SOURCE           /* sched_setaffinity, sched_getcpu */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "apps.h"

#define PUBLIC_FILE_MODE 0644
#define TEMP_SUFFIX ".tmp-XXXXXX"
#define TTY_PATH "/dev/tty"

/* A fresh copy of path's directory part ("." when it has none). */
static char *dir_of(const char *path)
{
    char *copy = strdup(path), *dir;

    if (copy == NULL)
        return NULL;
    dir = strdup(dirname(copy));
    free(copy);
    return dir;
}

/*
 * Create "<path>.tmp-XXXXXX" with mkstemp (O_CREAT | O_EXCL: never an
 * existing file or a symbolic link, mode 0600), then give a public file
 * its usual mode under the umask.
 */
static int open_temp(APP_OUTFILE *f, int secret)
{
    size_t n = strlen(f->path) + sizeof(TEMP_SUFFIX);
    mode_t mask;

    if ((f->tmp = malloc(n)) == NULL)
        return app_error("%s: out of memory", f->path);
    snprintf(f->tmp, n, "%s" TEMP_SUFFIX, f->path);
    if ((f->fd = mkstemp(f->tmp)) < 0) {
        int e = errno;

        free(f->tmp);
        f->tmp = NULL;
        return app_error("%s: cannot create: %s", f->path, strerror(e));
    }
    if (!secret) {
        mask = umask(0);
        umask(mask);
        if (fchmod(f->fd, PUBLIC_FILE_MODE & ~mask) != 0) {
            app_error("%s: cannot set its mode: %s", f->path, strerror(errno));
            app_os_discard(f);
            return APP_EXIT_ERROR;
        }
    }
    return 0;
}

int app_os_open_out(APP_OUTFILE *f, const char *path, int secret, int clobber)
{
    struct stat st;

    memset(f, 0, sizeof(*f));
    f->fd = -1;
    f->path = path;
    f->clobber = clobber;
    /*
     * A device or a pipe (-o /dev/null, a fifo) cannot be replaced: it is
     * written in place, and keeps its mode.  Anything else, a symbolic link
     * included, is replaced by a new file and never followed.
     */
    if (lstat(path, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) {
        if ((f->fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)) < 0)
            return app_error("%s: cannot open: %s", path, strerror(errno));
        return 0;
    }
    if (!clobber && lstat(path, &st) == 0)
        return app_error("%s: exists; not overwriting a private key (use --force)",
                         path);
    return open_temp(f, secret);
}

int app_os_write(APP_OUTFILE *f, const void *data, size_t len)
{
    const uint8_t *p = data;

    while (len > 0) {
        ssize_t w = write(f->fd, p, len);

        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return app_error("%s: cannot write: %s", f->path,
                             w == 0 ? "no progress" : strerror(errno));
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

int app_os_finish(APP_OUTFILE *f)
{
    int ret = 0;

    if (f->tmp != NULL && fsync(f->fd) != 0)
        ret = app_error("%s: cannot write: %s", f->path, strerror(errno));
    if (close(f->fd) != 0 && ret == 0)
        ret = app_error("%s: cannot write: %s", f->path, strerror(errno));
    f->fd = -1;
    if (ret != 0)
        app_os_discard(f);
    return ret;
}

/* fsync the directory holding path, so the new name survives a crash. */
static void sync_dir(const char *path)
{
    char *dir = dir_of(path);
    int fd;

    if (dir == NULL)
        return;
    if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
        (void)fsync(fd);
        close(fd);
    }
    free(dir);
}

int app_os_commit(APP_OUTFILE *f)
{
    if (f->tmp == NULL)
        return 0;
    if (f->clobber) {
        if (rename(f->tmp, f->path) != 0) {
            app_error("%s: cannot replace: %s", f->path, strerror(errno));
            app_os_discard(f);
            return APP_EXIT_ERROR;
        }
    } else {
        /* link() fails when the name exists, however recently it appeared. */
        if (link(f->tmp, f->path) != 0) {
            if (errno == EEXIST)
                app_error("%s: exists; not overwriting a private key (use --force)",
                          f->path);
            else
                app_error("%s: cannot create: %s", f->path, strerror(errno));
            app_os_discard(f);
            return APP_EXIT_ERROR;
        }
        unlink(f->tmp);
    }
    free(f->tmp);
    f->tmp = NULL;
    f->placed = 1;
    sync_dir(f->path);
    return 0;
}

void app_os_discard(APP_OUTFILE *f)
{
    if (f->fd >= 0)
        close(f->fd);
    f->fd = -1;
    if (f->tmp != NULL)
        unlink(f->tmp);
    free(f->tmp);
    f->tmp = NULL;
}

void app_os_unplace(APP_OUTFILE *f)
{
    if (f->placed && !f->clobber)
        unlink(f->path);
    f->placed = 0;
}

/*
 * The canonical name of path, even when it does not exist yet: its
 * directory resolved, then its last component.  A fresh string, or NULL.
 */
static char *canonical(const char *path)
{
    char *dir = dir_of(path), *copy = strdup(path), *real = NULL, *out = NULL;

    if (dir != NULL && copy != NULL && (real = realpath(dir, NULL)) != NULL) {
        const char *base = basename(copy);
        size_t n = strlen(real) + strlen(base) + 2;

        if ((out = malloc(n)) != NULL)
            snprintf(out, n, "%s/%s", real, base);
    }
    free(real);
    free(copy);
    free(dir);
    return out;
}

int app_os_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    char *ca, *cb;
    int same;

    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    ca = canonical(a);
    cb = canonical(b);
    same = ca != NULL && cb != NULL ? strcmp(ca, cb) == 0 : strcmp(a, b) == 0;
    free(ca);
    free(cb);
    return same;
}

int app_os_read_tty(const char *prompt, char *buf, size_t cap, size_t *len)
{
    struct termios old, quiet;
    FILE *tty = fopen(TTY_PATH, "r+");
    int ret = APP_EXIT_ERROR, quieted = 0;

    if (tty == NULL)
        return app_error("a password is needed and there is no terminal "
                         "(use --passin / --passout)");
    /* Unbuffered: no copy of the password is left in a stdio buffer. */
    setvbuf(tty, NULL, _IONBF, 0);
    if (tcgetattr(fileno(tty), &old) == 0) {
        quiet = old;
        quiet.c_lflag &= (tcflag_t)~(ECHO | ECHONL);
        quiet.c_lflag |= ICANON;
        quieted = tcsetattr(fileno(tty), TCSAFLUSH, &quiet) == 0;
    }
    fputs(prompt, tty);
    fflush(tty);
    if (fgets(buf, (int)cap, tty) == NULL) {
        app_error("no password read from the terminal");
    } else {
        *len = strcspn(buf, "\r\n");
        buf[*len] = '\0';
        ret = 0;
    }
    if (quieted)
        tcsetattr(fileno(tty), TCSAFLUSH, &old);
    fputc('\n', tty);
    fclose(tty);
    return ret;
}

int app_os_read_fd_line(int fd, char *buf, size_t cap, size_t *len)
{
    size_t n = 0;

    /* One byte at a time: what follows the line stays for its next reader. */
    while (n + 1 < cap) {
        ssize_t r = read(fd, buf + n, 1);

        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return app_error("fd:%d: cannot read: %s", fd, strerror(errno));
        if (r == 0 || buf[n] == '\n')
            break;
        n++;
    }
    if (n > 0 && buf[n - 1] == '\r')
        n--;
    buf[n] = '\0';
    *len = n;
    return 0;
}

int app_os_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

FILE *app_os_fopen(const char *path, const char *mode)
{
    return fopen(path, mode);
}

double app_os_cpu_sec(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double app_os_wall_sec(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void app_os_pin_cpu(void)
{
    int cpu = sched_getcpu();
    cpu_set_t set;

    if (cpu < 0)
        return;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    (void)sched_setaffinity(0, sizeof(set), &set);
}

/*
 * In a child of app_os_spawn_self: when MLDSA_RUNNER names a command
 * prefix (an emulator: 'qemu-aarch64 -L /usr/aarch64-linux-gnu', split at
 * spaces, as make's RUNNER), exec this program through it, since an
 * emulated program cannot exec itself directly; returns only when unset or
 * when the exec fails.
 */
static void spawn_through_runner(const char *argv0, char *const *args)
{
    const char *runner = getenv("MLDSA_RUNNER");
    char words[512], self[4096], *argv[64], *w;
    size_t argc = 0, i;
    ssize_t len;

    if (runner == NULL || *runner == '\0' || strlen(runner) >= sizeof(words))
        return;
    /* the emulated program's own path (the emulator answers for it) */
    len = readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (len > 0)
        self[len] = '\0';
    else
        snprintf(self, sizeof(self), "%s", argv0);
    strcpy(words, runner);
    for (w = strtok(words, " "); w != NULL && argc < 32; w = strtok(NULL, " "))
        argv[argc++] = w;
    argv[argc++] = self;
    for (i = 1; args[i] != NULL && argc < 63; i++)
        argv[argc++] = args[i];
    argv[argc] = NULL;
    execvp(argv[0], argv);
}

int app_os_spawn_self(APP_CHILD *c, const char *what, const char *argv0,
                      char *const *args, const char *var, const char *value)
{
    int in[2], out[2];
    pid_t pid;

    c->to = c->from = NULL;
    c->id = -1;
    fflush(stdout);
    if (pipe(in) != 0)
        return app_error("%s: cannot start: %s", what, strerror(errno));
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return app_error("%s: cannot start: %s", what, strerror(errno));
    }
    /* Our ends are not inherited by the children started later: each one
     * must see the end of its input when we close ours. */
    (void)fcntl(in[1], F_SETFD, FD_CLOEXEC);
    (void)fcntl(out[0], F_SETFD, FD_CLOEXEC);
    if ((pid = fork()) < 0) {
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        return app_error("%s: cannot start: %s", what, strerror(errno));
    }
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        setenv(var, value, 1);
        spawn_through_runner(argv0, args);
        execv("/proc/self/exe", args);
        execvp(argv0, args);
        _exit(127);
    }
    c->id = pid;
    close(in[0]);
    close(out[1]);
    c->to = fdopen(in[1], "w");
    c->from = fdopen(out[0], "r");
    if (c->to == NULL || c->from == NULL)
        return app_error("%s: cannot talk to it", what);
    return 0;
}

int app_os_child_wait(APP_CHILD *c)
{
    int status;

    if (c->to != NULL)
        fclose(c->to);
    if (c->from != NULL)
        fclose(c->from);
    c->to = c->from = NULL;
    if (c->id < 0)
        return APP_EXIT_ERROR;
    if (waitpid((pid_t)c->id, &status, 0) < 0 || !WIFEXITED(status)
        || WEXITSTATUS(status) != 0)
        return APP_EXIT_ERROR;
    return 0;
}
