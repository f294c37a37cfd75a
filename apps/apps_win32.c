/*
 * The tool's calls into the operating system, Windows edition (the twin of
 * apps_posix.c, interface in apps.h): output files made whole in a
 * temporary beside the target (CreateFileW CREATE_NEW; a secret one with a
 * DACL that lets only the current user in), flushed with FlushFileBuffers
 * and moved into place with MoveFileExW (over the target, or, for a
 * secret without --force, only where no file has the name); hard links,
 * renames and removals for keygen's journal; the identity of files
 * (volume serial number and file index); a password read from the console
 * without echo; stdin and stdout in binary mode, UTF-8 arguments and
 * paths; the clocks and the processes of `mldsa speed`.
 */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#include <sddl.h>
#include <shellapi.h>
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include "apps.h"

#define TEMP_SUFFIX_FMT ".tmp-%08lx%04x"
#define TEMP_TRIES 100
#define CONSOLE_IN L"CONIN$"
/* A name's limit is 255 UTF-16 units; 255 UTF-8 bytes never exceed it. */
#define NAME_MAX_BYTES 255

/* The message of Windows error code e, without its line end (a static buffer). */
static const char *win_strerror(DWORD e)
{
    static char msg[256];
    DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                             NULL, e, 0, msg, sizeof(msg), NULL);

    while (n > 0 && (msg[n - 1] == '\r' || msg[n - 1] == '\n' || msg[n - 1] == '.'))
        n--;
    if (n == 0)
        snprintf(msg, sizeof(msg), "Windows error %lu", (unsigned long)e);
    else
        msg[n] = '\0';
    return msg;
}

/* UTF-8 s as a fresh wide string, or NULL (invalid UTF-8, no memory). */
static wchar_t *to_wide(const char *s)
{
    int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, NULL, 0);
    wchar_t *w;

    if (n <= 0 || (w = malloc((size_t)n * sizeof(*w))) == NULL)
        return NULL;
    if (MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, w, n) != n) {
        free(w);
        return NULL;
    }
    return w;
}

/* Wide w as a fresh UTF-8 string, or NULL. */
static char *to_utf8(const wchar_t *w)
{
    int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, NULL, 0, NULL, NULL);
    char *s;

    if (n <= 0 || (s = malloc((size_t)n)) == NULL)
        return NULL;
    if (WideCharToMultiByte(CP_UTF8, 0, w, -1, s, n, NULL, NULL) != n) {
        free(s);
        return NULL;
    }
    return s;
}

/*
 * A security descriptor whose DACL grants the current user (the token's
 * user) full access and nobody else anything, protected from inherited
 * entries; LocalFree it.  NULL when the system will not say who we are.
 */
static PSECURITY_DESCRIPTOR owner_only_sd(void)
{
    HANDLE token;
    union { TOKEN_USER user; char room[256]; } tu;
    DWORD n;
    LPWSTR sid = NULL;
    PSECURITY_DESCRIPTOR sd = NULL;
    wchar_t sddl[256];

    if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &token))
        return NULL;
    if (GetTokenInformation(token, TokenUser, &tu, sizeof(tu), &n)
        && ConvertSidToStringSidW(tu.user.User.Sid, &sid)) {
        /* D:P = protected DACL; one entry: allow (A) file-all (FA) to sid */
        if (swprintf(sddl, sizeof(sddl) / sizeof(sddl[0]), L"D:P(A;;FA;;;%ls)", sid) > 0)
            (void)ConvertStringSecurityDescriptorToSecurityDescriptorW(
                sddl, SDDL_REVISION_1, &sd, NULL);
        LocalFree(sid);
    }
    CloseHandle(token);
    return sd;
}

/* h as a C file descriptor (binary), closing h when that fails. */
static int handle_fd(HANDLE h, int flags)
{
    int fd = _open_osfhandle((intptr_t)h, flags | _O_BINARY);

    if (fd < 0)
        CloseHandle(h);
    return fd;
}

/*
 * Create "<path>.tmp-<pid><n>" with CREATE_NEW (never an existing file or
 * a link), a secret one readable by the current user only.
 */
static int open_temp(APP_OUTFILE *f, int secret)
{
    SECURITY_ATTRIBUTES sa = { sizeof(sa), NULL, FALSE };
    HANDLE h = INVALID_HANDLE_VALUE;
    DWORD e = ERROR_FILE_EXISTS;
    char suffix[32];

    if (secret && (sa.lpSecurityDescriptor = owner_only_sd()) == NULL)
        return app_error("%s: cannot make a file only this user can read: %s",
                         f->path, win_strerror(GetLastError()));
    for (unsigned i = 0; i < TEMP_TRIES && h == INVALID_HANDLE_VALUE
         && e == ERROR_FILE_EXISTS; i++) {
        wchar_t *w;

        snprintf(suffix, sizeof(suffix), TEMP_SUFFIX_FMT,
                 (unsigned long)GetCurrentProcessId(), i);
        free(f->tmp);
        if ((f->tmp = app_sibling(f->path, suffix)) == NULL) {
            e = ERROR_NOT_ENOUGH_MEMORY;
            break;
        }
        if ((w = to_wide(f->tmp)) == NULL) {
            e = ERROR_NO_UNICODE_TRANSLATION;
            break;
        }
        h = CreateFileW(w, GENERIC_WRITE, 0, &sa, CREATE_NEW,
                        FILE_ATTRIBUTE_NORMAL, NULL);
        e = h == INVALID_HANDLE_VALUE ? GetLastError() : 0;
        free(w);
    }
    LocalFree(sa.lpSecurityDescriptor);
    if (h == INVALID_HANDLE_VALUE || (f->fd = handle_fd(h, _O_WRONLY)) < 0) {
        if (h == INVALID_HANDLE_VALUE)
            app_error("%s: cannot create: %s", f->path, win_strerror(e));
        else
            app_error("%s: cannot create: no file descriptor", f->path);
        free(f->tmp);
        f->tmp = NULL;
        return APP_EXIT_ERROR;
    }
    return 0;
}

int app_os_open_out(APP_OUTFILE *f, const char *path, int secret, int clobber)
{
    wchar_t *w = to_wide(path);
    DWORD attr;
    HANDLE h;

    memset(f, 0, sizeof(*f));
    f->fd = -1;
    f->path = path;
    f->clobber = clobber;
    if (w == NULL)
        return app_error("%s: not a valid UTF-8 name", path);
    attr = GetFileAttributesW(w);
    /*
     * A device or a pipe (NUL, \\.\pipe\...) cannot be replaced: it is
     * written in place.  Anything else, a link included, is replaced by a
     * new file and never followed.
     */
    if (attr != INVALID_FILE_ATTRIBUTES && !(attr & FILE_ATTRIBUTE_DIRECTORY)
        && !(attr & FILE_ATTRIBUTE_REPARSE_POINT)) {
        h = CreateFileW(w, GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                        NULL, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
        if (h != INVALID_HANDLE_VALUE && GetFileType(h) != FILE_TYPE_DISK) {
            free(w);
            if ((f->fd = handle_fd(h, _O_WRONLY)) < 0)
                return app_error("%s: cannot open: no file descriptor", path);
            return 0;
        }
        if (h != INVALID_HANDLE_VALUE)
            CloseHandle(h);
    }
    free(w);
    if (attr != INVALID_FILE_ATTRIBUTES && (attr & FILE_ATTRIBUTE_DIRECTORY)
        && !(attr & FILE_ATTRIBUTE_REPARSE_POINT))
        return app_error("%s: is a folder; not writing there", path);
    if (attr != INVALID_FILE_ATTRIBUTES)
        f->existing = (attr & FILE_ATTRIBUTE_REPARSE_POINT) ? APP_EXISTING_LINK
                                                            : APP_EXISTING_FILE;
    if (!clobber && attr != INVALID_FILE_ATTRIBUTES)
        return app_error("%s: exists; not overwriting a private key (use --force)",
                         path);
    return open_temp(f, secret);
}

int app_os_write(APP_OUTFILE *f, const void *data, size_t len)
{
    const uint8_t *p = data;

    while (len > 0) {
        unsigned chunk = len > APP_CHUNK_BYTES ? APP_CHUNK_BYTES : (unsigned)len;
        int w = _write(f->fd, p, chunk);

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

    if (f->tmp != NULL && !FlushFileBuffers((HANDLE)_get_osfhandle(f->fd)))
        ret = app_error("%s: cannot write: %s", f->path, win_strerror(GetLastError()));
    if (_close(f->fd) != 0 && ret == 0)
        ret = app_error("%s: cannot write: %s", f->path, strerror(errno));
    f->fd = -1;
    if (ret != 0)
        app_os_discard(f);
    return ret;
}

int app_os_commit(APP_OUTFILE *f)
{
    wchar_t *from, *to;
    DWORD flags = MOVEFILE_WRITE_THROUGH, e = 0;

    if (f->tmp == NULL)
        return 0;
    /* Without MOVEFILE_REPLACE_EXISTING the move fails when the name
     * exists, however recently it appeared: the no-clobber commit. */
    if (f->clobber)
        flags |= MOVEFILE_REPLACE_EXISTING;
    from = to_wide(f->tmp);
    to = to_wide(f->path);
    if (from == NULL || to == NULL)
        e = ERROR_NO_UNICODE_TRANSLATION;
    else if (!MoveFileExW(from, to, flags))
        e = GetLastError();
    free(from);
    free(to);
    if (e != 0) {
        if (!f->clobber && (e == ERROR_ALREADY_EXISTS || e == ERROR_FILE_EXISTS))
            app_error("%s: exists; not overwriting a private key (use --force)",
                      f->path);
        else
            app_error("%s: cannot %s: %s", f->path,
                      f->clobber ? "replace" : "create", win_strerror(e));
        app_os_discard(f);
        return APP_EXIT_ERROR;
    }
    free(f->tmp);
    f->tmp = NULL;
    f->placed = 1;
    return 0;
}

/* Delete the file named by UTF-8 path. */
static void delete_file(const char *path)
{
    wchar_t *w = to_wide(path);

    if (w != NULL)
        DeleteFileW(w);
    free(w);
}

void app_os_discard(APP_OUTFILE *f)
{
    if (f->fd >= 0)
        _close(f->fd);
    f->fd = -1;
    if (f->tmp != NULL)
        delete_file(f->tmp);
    free(f->tmp);
    f->tmp = NULL;
}

void app_os_unplace(APP_OUTFILE *f)
{
    if (f->placed && !f->clobber)
        delete_file(f->path);
    f->placed = 0;
}

/* The volume serial number and file index of path; 0 when it has none. */
static int file_id(const char *path, BY_HANDLE_FILE_INFORMATION *info)
{
    wchar_t *w = to_wide(path);
    HANDLE h;
    int ok = 0;

    if (w == NULL)
        return 0;
    h = CreateFileW(w, FILE_READ_ATTRIBUTES,
                    FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                    OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
    free(w);
    if (h != INVALID_HANDLE_VALUE) {
        ok = GetFileInformationByHandle(h, info) != 0;
        CloseHandle(h);
    }
    return ok;
}

int app_os_file_id(const char *path, int std_fd, APP_FILE_ID *id)
{
    BY_HANDLE_FILE_INFORMATION info;

    if (strcmp(path, APP_STDIO) == 0) {
        /* a pipe or the console has no file index: not known */
        HANDLE h = (HANDLE)_get_osfhandle(std_fd);

        if (h == INVALID_HANDLE_VALUE || GetFileType(h) != FILE_TYPE_DISK
            || !GetFileInformationByHandle(h, &info))
            return 0;
    } else if (!file_id(path, &info)) {
        return 0;
    }
    id->dev = info.dwVolumeSerialNumber;
    id->ino = (uint64_t)info.nFileIndexHigh << 32 | info.nFileIndexLow;
    id->regular = !(info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY);
    return 1;
}

size_t app_os_name_max(const char *path, size_t *base)
{
    const char *slash = strrchr(path, '/'), *back = strrchr(path, '\\');
    const char *colon = strchr(path, ':');

    if (back != NULL && (slash == NULL || back > slash))
        slash = back;
    /* "C:name" is name in C:'s current folder */
    if (slash == NULL && colon != NULL)
        slash = colon;
    *base = slash != NULL ? (size_t)(slash + 1 - path) : 0;
    return NAME_MAX_BYTES;
}

/* from and to as wide strings, for a call that takes both; 0 when not. */
static int wide_pair(const char *from, const char *to, wchar_t **wf, wchar_t **wt)
{
    *wf = to_wide(from);
    *wt = to_wide(to);
    if (*wf != NULL && *wt != NULL)
        return 1;
    free(*wf);
    free(*wt);
    return 0;
}

int app_os_link(const char *from, const char *to)
{
    wchar_t *wf, *wt;
    DWORD e = 0;

    if (!wide_pair(from, to, &wf, &wt))
        return app_error("%s: not a valid UTF-8 name", from);
    if (!CreateHardLinkW(wt, wf, NULL))
        e = GetLastError();
    free(wf);
    free(wt);
    return e == 0 ? 0 : app_error("%s: cannot link it as %s: %s", from, to,
                                  win_strerror(e));
}

int app_os_rename(const char *from, const char *to)
{
    wchar_t *wf, *wt;
    DWORD e = 0;

    if (!wide_pair(from, to, &wf, &wt))
        return app_error("%s: not a valid UTF-8 name", from);
    if (!MoveFileExW(wf, wt, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        e = GetLastError();
    free(wf);
    free(wt);
    return e == 0 ? 0 : app_error("%s: cannot rename it to %s: %s", from, to,
                                  win_strerror(e));
}

int app_os_remove(const char *path)
{
    wchar_t *w = to_wide(path);
    DWORD e = 0;

    if (w == NULL)
        return -1;
    if (!DeleteFileW(w))
        e = GetLastError();
    free(w);
    return e == 0 || e == ERROR_FILE_NOT_FOUND || e == ERROR_PATH_NOT_FOUND ? 0 : -1;
}

/* The full name of path (a fresh wide string, or NULL). */
static wchar_t *full_name(const char *path)
{
    wchar_t *w = to_wide(path), *full = NULL;
    DWORD n;

    if (w != NULL && (n = GetFullPathNameW(w, 0, NULL, NULL)) > 0
        && (full = malloc(n * sizeof(*full))) != NULL
        && GetFullPathNameW(w, n, full, NULL) >= n) {
        free(full);
        full = NULL;
    }
    free(w);
    return full;
}

int app_os_same_file(const char *a, const char *b)
{
    BY_HANDLE_FILE_INFORMATION ia, ib;
    wchar_t *fa, *fb;
    int same;

    if (file_id(a, &ia) && file_id(b, &ib))
        return ia.dwVolumeSerialNumber == ib.dwVolumeSerialNumber
            && ia.nFileIndexHigh == ib.nFileIndexHigh
            && ia.nFileIndexLow == ib.nFileIndexLow;
    /* not both existing: the same full name (names are case-blind) */
    fa = full_name(a);
    fb = full_name(b);
    same = fa != NULL && fb != NULL ? _wcsicmp(fa, fb) == 0 : strcmp(a, b) == 0;
    free(fa);
    free(fb);
    return same;
}

/* The console being read without echo, and its mode to restore. */
static HANDLE console_quiet = INVALID_HANDLE_VALUE;
static DWORD console_mode;

/* Ctrl-C, Ctrl-Break or a close during the prompt: the echo comes back,
 * then the default handler ends the process. */
static BOOL WINAPI console_signal(DWORD type)
{
    (void)type;
    if (console_quiet != INVALID_HANDLE_VALUE)
        (void)SetConsoleMode(console_quiet, console_mode);
    return FALSE;
}

int app_os_read_tty(const char *prompt, char *buf, size_t cap, size_t *len)
{
    HANDLE in = CreateFileW(CONSOLE_IN, GENERIC_READ | GENERIC_WRITE,
                            FILE_SHARE_READ | FILE_SHARE_WRITE, NULL,
                            OPEN_EXISTING, 0, NULL);
    wchar_t line[APP_MAX_PASS];
    DWORD mode, got = 0;
    char *s = NULL;
    int ret = APP_EXIT_ERROR;

    if (in == INVALID_HANDLE_VALUE || !GetConsoleMode(in, &mode)) {
        if (in != INVALID_HANDLE_VALUE)
            CloseHandle(in);
        return app_error("a password is needed and there is no console "
                         "(use --passin / --passout)");
    }
    console_mode = mode;
    console_quiet = in;
    (void)SetConsoleCtrlHandler(console_signal, TRUE);
    (void)SetConsoleMode(in, (mode & ~(DWORD)ENABLE_ECHO_INPUT)
                         | ENABLE_LINE_INPUT | ENABLE_PROCESSED_INPUT);
    fputs(prompt, stderr);
    fflush(stderr);
    if (!ReadConsoleW(in, line, APP_MAX_PASS - 1, &got, NULL) || got == 0) {
        app_error("no password read from the console");
    } else {
        size_t end;

        line[got] = L'\0';
        end = wcscspn(line, L"\r\n");
        if (line[end] == L'\0') {
            /* the limit reached before the line end: too long (the rest of
             * the line is dropped, not left for the next reader) */
            (void)FlushConsoleInputBuffer(in);
            ret = 1;
        } else {
            line[end] = L'\0';
            if ((s = to_utf8(line)) == NULL) {
                app_error("the password read from the console is not text");
            } else if (strlen(s) >= cap) {
                ret = 1;
            } else {
                *len = strlen(s);
                memcpy(buf, s, *len + 1);
                ret = 0;
            }
        }
    }
    (void)SetConsoleMode(in, mode);
    (void)SetConsoleCtrlHandler(console_signal, FALSE);
    console_quiet = INVALID_HANDLE_VALUE;
    fputc('\n', stderr);
    if (s != NULL)
        app_cleanse(s, strlen(s));
    free(s);
    SecureZeroMemory(line, sizeof(line));
    CloseHandle(in);
    return ret;
}

long app_os_read(int fd, void *buf, size_t n)
{
    return _read(fd, buf, n > INT_MAX ? INT_MAX : (unsigned)n);
}

int app_os_init(int *argc, char ***argv)
{
    int n;
    LPWSTR *wargv;
    char **args;

    /* keys, signatures and messages are bytes: no CR LF translation */
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
    /* the arguments as UTF-8, whatever the console's code page; the
     * array lives as long as the process */
    if ((wargv = CommandLineToArgvW(GetCommandLineW(), &n)) == NULL)
        return 0;
    if ((args = calloc((size_t)n + 1, sizeof(*args))) == NULL) {
        LocalFree(wargv);
        return app_error("out of memory");
    }
    for (int i = 0; i < n; i++)
        if ((args[i] = to_utf8(wargv[i])) == NULL) {
            LocalFree(wargv);
            return app_error("out of memory");
        }
    LocalFree(wargv);
    *argc = n;
    *argv = args;
    return 0;
}

FILE *app_os_fopen(const char *path, const char *mode)
{
    wchar_t *w = to_wide(path), *m = to_wide(mode);
    FILE *fp = NULL;

    if (w != NULL && m != NULL)
        fp = _wfopen(w, m);
    else
        errno = EINVAL;
    free(w);
    free(m);
    return fp;
}

/*
 * The wall clock: GetThreadTimes counts in scheduler ticks (15.6 ms, and
 * coarser under Wine), far too coarse for one operation, so on Windows the
 * figures of `mldsa speed` include other processes' time slices.
 */
double app_os_cpu_sec(void)
{
    return app_os_wall_sec();
}

double app_os_wall_sec(void)
{
    LARGE_INTEGER now, hz;

    QueryPerformanceCounter(&now);
    QueryPerformanceFrequency(&hz);
    return (double)now.QuadPart / (double)hz.QuadPart;
}

void app_os_pin_cpu(void)
{
    DWORD cpu = GetCurrentProcessorNumber();

    if (cpu < 8 * sizeof(DWORD_PTR))
        (void)SetThreadAffinityMask(GetCurrentThread(), (DWORD_PTR)1 << cpu);
}

/* Append s to the command line cmd (room for cap wide characters) as one
 * argument, quoted as CommandLineToArgvW reads it; 0 when it does not fit. */
static int append_arg(wchar_t *cmd, size_t cap, const char *s)
{
    size_t n = wcslen(cmd);
    wchar_t *w = to_wide(s);
    int ok = w != NULL;

    if (ok && n > 0)
        ok = n + 1 < cap && (cmd[n++] = L' ');
    if (ok)
        ok = n + 1 < cap && (cmd[n++] = L'"');
    for (size_t i = 0; ok && w[i] != L'\0'; i++) {
        size_t bs = 0;

        while (w[i] == L'\\') {
            bs++;
            i++;
        }
        /* backslashes double before a quote (the argument's or the end) */
        if (w[i] == L'"' || w[i] == L'\0')
            bs *= 2;
        for (; ok && bs > 0; bs--)
            ok = n + 1 < cap && (cmd[n++] = L'\\');
        if (w[i] == L'\0')
            break;
        if (ok && w[i] == L'"')
            ok = n + 1 < cap && (cmd[n++] = L'\\');
        if (ok)
            ok = n + 1 < cap && (cmd[n++] = w[i]);
    }
    if (ok)
        ok = n + 1 < cap && (cmd[n++] = L'"');
    cmd[ok ? n : wcslen(cmd)] = L'\0';
    free(w);
    return ok;
}

/* An inheritable pipe; *ours (the end not given to the child) is not. */
static int child_pipe(HANDLE *rd, HANDLE *wr, HANDLE *ours)
{
    SECURITY_ATTRIBUTES sa = { sizeof(sa), NULL, TRUE };

    if (!CreatePipe(rd, wr, &sa, 0))
        return 0;
    return SetHandleInformation(*ours, HANDLE_FLAG_INHERIT, 0) != 0;
}

int app_os_spawn_self(APP_CHILD *c, const char *what, const char *argv0,
                      char *const *args, const char *var, const char *value)
{
    wchar_t exe[MAX_PATH + 1], cmd[1024] = L"", *wvar = to_wide(var),
        *wval = to_wide(value), *old = NULL;
    HANDLE in_rd = NULL, in_wr = NULL, out_rd = NULL, out_wr = NULL;
    STARTUPINFOW si;
    PROCESS_INFORMATION pi;
    DWORD n, e = 0;
    int fd_to, fd_from;

    c->to = c->from = NULL;
    c->id = 0;
    fflush(stdout);
    (void)argv0;   /* the program's own file is always known here */
    n = GetModuleFileNameW(NULL, exe, MAX_PATH + 1);
    if (n == 0 || n > MAX_PATH || wvar == NULL || wval == NULL)
        e = n == 0 ? GetLastError() : ERROR_INSUFFICIENT_BUFFER;
    for (size_t i = 0; e == 0 && args[i] != NULL; i++)
        if (!append_arg(cmd, sizeof(cmd) / sizeof(cmd[0]), args[i]))
            e = ERROR_INSUFFICIENT_BUFFER;
    if (e == 0 && (!child_pipe(&in_rd, &in_wr, &in_wr)
                   || !child_pipe(&out_rd, &out_wr, &out_rd)))
        e = GetLastError();
    if (e == 0) {
        /* The child's environment is ours with var=value: set it for the
         * spawn only, then put back the old value. */
        DWORD len = GetEnvironmentVariableW(wvar, NULL, 0);

        if (len > 0 && (old = malloc(len * sizeof(*old))) != NULL)
            GetEnvironmentVariableW(wvar, old, len);
        SetEnvironmentVariableW(wvar, wval);
        memset(&si, 0, sizeof(si));
        si.cb = sizeof(si);
        si.dwFlags = STARTF_USESTDHANDLES;
        si.hStdInput = in_rd;
        si.hStdOutput = out_wr;
        si.hStdError = GetStdHandle(STD_ERROR_HANDLE);
        if (!CreateProcessW(exe, cmd, NULL, NULL, TRUE, 0, NULL, NULL, &si, &pi))
            e = GetLastError();
        SetEnvironmentVariableW(wvar, old);
        free(old);
    }
    free(wvar);
    free(wval);
    if (in_rd != NULL)
        CloseHandle(in_rd);
    if (out_wr != NULL)
        CloseHandle(out_wr);
    if (e != 0) {
        if (in_wr != NULL)
            CloseHandle(in_wr);
        if (out_rd != NULL)
            CloseHandle(out_rd);
        return app_error("%s: cannot start: %s", what, win_strerror(e));
    }
    CloseHandle(pi.hThread);
    c->id = (intptr_t)pi.hProcess;
    if ((fd_to = handle_fd(in_wr, _O_WRONLY)) >= 0)
        c->to = _fdopen(fd_to, "wb");
    if ((fd_from = handle_fd(out_rd, _O_RDONLY)) >= 0)
        c->from = _fdopen(fd_from, "rb");
    if (c->to == NULL || c->from == NULL)
        return app_error("%s: cannot talk to it", what);
    return 0;
}

int app_os_child_wait(APP_CHILD *c)
{
    HANDLE proc = (HANDLE)c->id;
    DWORD status = 1;

    if (c->to != NULL)
        fclose(c->to);
    if (c->from != NULL)
        fclose(c->from);
    c->to = c->from = NULL;
    if (proc == NULL)
        return APP_EXIT_ERROR;
    if (WaitForSingleObject(proc, INFINITE) != WAIT_OBJECT_0
        || !GetExitCodeProcess(proc, &status))
        status = 1;
    CloseHandle(proc);
    c->id = 0;
    return status == 0 ? 0 : APP_EXIT_ERROR;
}

#include "apps_os_portable.inc"
