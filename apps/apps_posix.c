/*
 * The tool's calls into the operating system, POSIX edition: output files
 * made whole in a temporary beside the target and then renamed or linked
 * into place (streams written in place), names beside a file, links,
 * renames and removals for keygen's journal, the identity of files, a
 * password read from the terminal without echo (the echo restored on every
 * signal), and the clocks and the processes of `mldsa speed`.  Its
 * Windows twin is apps_win32.c (the interface is in apps.h, "Operating
 * system").
 */
#define _GNU_SOURCE           /* sched_setaffinity, sched_getcpu */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "apps.h"

#define PUBLIC_FILE_MODE 0644
#define PERMISSION_BITS 0777
#define TEMP_SUFFIX ".tmp-XXXXXX"
#define TTY_PATH "/dev/tty"
/* Symbolic links followed to tell a stream (Linux's own limit). */
#define MAX_LINKS 40
/* The name limit where pathconf does not say (POSIX's NAME_MAX of Linux). */
#define DEFAULT_NAME_MAX 255

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
 * Create "<path>.tmp-XXXXXX" (the name shortened to fit) with mkstemp
 * (O_CREAT | O_EXCL: never an existing file or a symbolic link, mode
 * 0600).  It takes the owner and group of the regular file old it is to
 * replace (old NULL: none), where we may give them, and a public file
 * takes old's mode, or the usual one under the umask.
 */
static int open_temp(APP_OUTFILE *f, int secret, const struct stat *old)
{
    mode_t mask, mode;

    if ((f->tmp = app_sibling(f->path, TEMP_SUFFIX)) == NULL)
        return app_error("%s: out of memory", f->path);
    if ((f->fd = mkstemp(f->tmp)) < 0) {
        int e = errno;

        free(f->tmp);
        f->tmp = NULL;
        return app_error("%s: cannot create: %s", f->path, strerror(e));
    }
    if (old != NULL && (old->st_uid != geteuid() || old->st_gid != getegid()))
        (void)fchown(f->fd, old->st_uid, old->st_gid);
    if (secret)
        return 0;
    if (old != NULL) {
        mode = old->st_mode & PERMISSION_BITS;
    } else {
        mask = umask(0);
        umask(mask);
        mode = PUBLIC_FILE_MODE & ~mask;
    }
    if (fchmod(f->fd, mode) != 0) {
        app_error("%s: cannot set its mode: %s", f->path, strerror(errno));
        app_os_discard(f);
        return APP_EXIT_ERROR;
    }
    return 0;
}

/* The target of the symbolic link at path, as a path from here; fresh. */
static char *link_target(const char *path)
{
    char target[PATH_MAX], *dir, *out;
    ssize_t n = readlink(path, target, sizeof(target) - 1);
    size_t len;

    if (n < 0)
        return NULL;
    target[n] = '\0';
    if (target[0] == '/' || (dir = dir_of(path)) == NULL)
        return target[0] == '/' ? strdup(target) : NULL;
    len = strlen(dir) + strlen(target) + 2;
    if ((out = malloc(len)) != NULL)
        snprintf(out, len, "%s/%s", dir, target);
    free(dir);
    return out;
}

/* 1 when s is a decimal number (no sign, at least one digit). */
static int is_number(const char *s)
{
    if (*s == '\0')
        return 0;
    for (; *s != '\0'; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

/* 1 when the canonical folder name real is "/proc/PID/fd" or
 * "/proc/PID/task/TID/fd", with PID in *pid. */
static int is_proc_fd_dir(const char *real, long *pid)
{
    int end = 0;

    if (sscanf(real, "/proc/%ld/fd%n", pid, &end) == 1 && end > 0 && real[end] == '\0')
        return 1;
    end = 0;
    return sscanf(real, "/proc/%ld/task/%*d/fd%n", pid, &end) == 1 && end > 0
        && real[end] == '\0';
}

/*
 * The file descriptor that path names when it is an entry of a
 * /proc/PID/fd folder (also as /dev/fd/N, /proc/self/fd/N, a task's fd
 * folder): its number, and in *self whether PID is this process; -1 when
 * it is not one.
 */
static int fd_entry(const char *path, int *self)
{
    char *dir = dir_of(path), *copy = strdup(path), *real = NULL;
    const char *base;
    long pid = -1;
    int fd = -1;

    if (dir != NULL && copy != NULL && (real = realpath(dir, NULL)) != NULL) {
        base = basename(copy);
        if (is_number(base) && strlen(base) < 10 && is_proc_fd_dir(real, &pid)) {
            fd = atoi(base);
            *self = pid == (long)getpid();
        }
    }
    free(real);
    free(copy);
    free(dir);
    return fd;
}

/*
 * An output that is a stream, opened for writing in place: a character
 * device, a pipe or fifo, a socket, or an entry of a /proc/PID/fd folder
 * (this process's is dup'ed: -o /dev/stdout writes to our stdout, a pipe,
 * a file opened for appending or a socket alike), whether named or reached
 * through symbolic links.  1 when f->fd is the stream, 0 when path is not
 * one, APP_EXIT_ERROR after a message.
 */
static int open_stream(APP_OUTFILE *f)
{
    char *cur = strdup(f->path), *next;
    struct stat st;
    int fd = -1, self = 0, hops;

    for (hops = 0; cur != NULL && hops < MAX_LINKS; hops++) {
        if ((fd = fd_entry(cur, &self)) >= 0 || lstat(cur, &st) != 0
            || !S_ISLNK(st.st_mode))
            break;
        next = link_target(cur);
        free(cur);
        cur = next;
    }
    free(cur);
    if (fd >= 0 && self)
        f->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    else if (fd >= 0 || (stat(f->path, &st) == 0
                         && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)
                             || S_ISSOCK(st.st_mode))))
        f->fd = open(f->path, O_WRONLY | O_CLOEXEC);
    else
        return 0;
    if (f->fd < 0)
        return app_error("%s: cannot open: %s", f->path, strerror(errno));
    return 1;
}

int app_os_open_out(APP_OUTFILE *f, const char *path, int secret, int clobber)
{
    struct stat st;
    int ret;

    memset(f, 0, sizeof(*f));
    f->fd = -1;
    f->path = path;
    f->clobber = clobber;
    /*
     * A stream cannot be replaced: it is written in place, and keeps its
     * mode.  Anything else, a symbolic link included, is replaced by a new
     * file and never followed; a folder or a block device is refused.
     */
    if ((ret = open_stream(f)) != 0)
        return ret == 1 ? 0 : ret;
    if (lstat(path, &st) != 0)
        return open_temp(f, secret, NULL);
    if (S_ISDIR(st.st_mode) || S_ISBLK(st.st_mode))
        return app_error("%s: is a %s; not writing there", path,
                         S_ISDIR(st.st_mode) ? "folder" : "block device");
    f->existing = S_ISREG(st.st_mode) ? APP_EXISTING_FILE : APP_EXISTING_LINK;
    if (!clobber)
        return app_error("%s: exists; not overwriting a private key (use --force)",
                         path);
    return open_temp(f, secret, S_ISREG(st.st_mode) ? &st : NULL);
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

int app_os_file_id(const char *path, int std_fd, APP_FILE_ID *id)
{
    struct stat st;

    if (strcmp(path, APP_STDIO) == 0 ? fstat(std_fd, &st) != 0 : stat(path, &st) != 0)
        return 0;
    id->dev = (uint64_t)st.st_dev;
    id->ino = (uint64_t)st.st_ino;
    id->regular = S_ISREG(st.st_mode);
    return 1;
}

size_t app_os_name_max(const char *path, size_t *base)
{
    char *dir = dir_of(path);
    const char *slash = strrchr(path, '/');
    long max = dir != NULL ? pathconf(dir, _PC_NAME_MAX) : -1;

    free(dir);
    *base = slash != NULL ? (size_t)(slash + 1 - path) : 0;
    return max > 0 ? (size_t)max : DEFAULT_NAME_MAX;
}

int app_os_link(const char *from, const char *to)
{
    if (link(from, to) != 0)
        return app_error("%s: cannot link it as %s: %s", from, to, strerror(errno));
    sync_dir(to);
    return 0;
}

int app_os_rename(const char *from, const char *to)
{
    if (rename(from, to) != 0)
        return app_error("%s: cannot rename it to %s: %s", from, to, strerror(errno));
    sync_dir(to);
    return 0;
}

int app_os_remove(const char *path)
{
    if (unlink(path) != 0 && errno != ENOENT)
        return -1;
    sync_dir(path);
    return 0;
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

/* The terminal being read without echo, and its settings to restore. */
static volatile sig_atomic_t tty_quiet_fd = -1;
static struct termios tty_saved, tty_quiet;
/* The signals that end or stop the process (the rest cannot be caught). */
static const int tty_signals[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2, SIGTSTP,
    SIGTTIN, SIGTTOU
};
#define NTTY_SIGNALS (sizeof(tty_signals) / sizeof(tty_signals[0]))

/*
 * A signal during the prompt: the echo comes back, then the signal does
 * what it would have done; when that was a stop, the prompt goes on
 * without echo after SIGCONT.
 */
static void tty_signal(int sig)
{
    int fd = tty_quiet_fd, e = errno;
    struct sigaction dfl, ours;
    sigset_t set;

    if (fd >= 0)
        tcsetattr(fd, TCSANOW, &tty_saved);
    memset(&dfl, 0, sizeof(dfl));
    dfl.sa_handler = SIG_DFL;
    sigaction(sig, &dfl, &ours);
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    /* continued after a stop */
    sigaction(sig, &ours, NULL);
    if (fd >= 0)
        tcsetattr(fd, TCSANOW, &tty_quiet);
    errno = e;
}

int app_os_read_tty(const char *prompt, char *buf, size_t cap, size_t *len)
{
    struct sigaction sa, old_sa[NTTY_SIGNALS];
    int fd = open(TTY_PATH, O_RDWR | O_NOCTTY | O_CLOEXEC), r, quieted = 0;
    int ret = APP_EXIT_ERROR;

    if (fd < 0)
        return app_error("a password is needed and there is no terminal "
                         "(use --passin / --passout)");
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = tty_signal;
    sigemptyset(&sa.sa_mask);
    if (tcgetattr(fd, &tty_saved) == 0) {
        tty_quiet = tty_saved;
        tty_quiet.c_lflag &= (tcflag_t)~(ECHO | ECHONL);
        tty_quiet.c_lflag |= ICANON;
        for (size_t i = 0; i < NTTY_SIGNALS; i++)
            sigaction(tty_signals[i], &sa, &old_sa[i]);
        tty_quiet_fd = fd;
        quieted = tcsetattr(fd, TCSAFLUSH, &tty_quiet) == 0;
    }
    /* Unbuffered writes and reads: no copy of the password in stdio. */
    (void)!write(fd, prompt, strlen(prompt));
    if ((r = app_read_line(fd, buf, cap, len)) < 0)
        app_error("no password read from the terminal: %s", strerror(errno));
    else
        ret = r;
    if (tty_quiet_fd >= 0) {
        if (quieted)
            tcsetattr(fd, TCSAFLUSH, &tty_saved);
        tty_quiet_fd = -1;
        for (size_t i = 0; i < NTTY_SIGNALS; i++)
            sigaction(tty_signals[i], &old_sa[i], NULL);
    }
    (void)!write(fd, "\n", 1);
    close(fd);
    return ret;
}

long app_os_read(int fd, void *buf, size_t n)
{
    ssize_t r;

    while ((r = read(fd, buf, n)) < 0 && errno == EINTR)
        ;
    return (long)r;
}

int app_os_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* A reader that went away is a write error (EPIPE), reported and
     * cleaned up after, not a death that leaves a temporary behind. */
    signal(SIGPIPE, SIG_IGN);
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

#include "apps_os_portable.inc"
