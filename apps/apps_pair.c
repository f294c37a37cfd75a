/*
 * keygen's private and public key files, both or neither, whatever fails
 * and wherever the process is killed.  Both are made whole beside their
 * targets first (app_stage).  A stream (stdout, a pipe, a device) is
 * written before any file is put in place.  Two files are put in place
 * under a journal, KEY.keygen-journal beside the private key KEY, that
 * names each target, its temporary, the backup of the file it replaces
 * (a hard link, TARGET.old-XXXXXX, made before anything is replaced) and
 * the identity of the new file:
 *
 *   1. the journal is written (and synced);
 *   2. each existing target gets its backup;
 *   3. the private key, then the public key, is renamed into place;
 *   4. the journal is renamed KEY.keygen-done: the new pair is complete;
 *   5. the backups go, then KEY.keygen-done.
 *
 * A failure in 2 to 4 undoes what was done (each backup renamed back, a
 * new file where there was none removed) and removes the journal.  After
 * a kill, the next keygen of KEY finds the journal and undoes in the same
 * way (the old pair is back), or finds KEY.keygen-done and completes 5
 * (the new pair stays), and says which.
 */
#include <stdlib.h>
#include <string.h>
#include "apps.h"

#define JOURNAL_SUFFIX ".keygen-journal"
#define DONE_SUFFIX ".keygen-done"
#define BACKUP_PREFIX ".old-"
#define TEMP_MARK ".tmp-"
#define JOURNAL_MAGIC "mldsa keygen journal 1\n"
#define JOURNAL_ENTRY "file"
#define JOURNAL_MAX_BYTES (64 * 1024)
#define NO_BACKUP "-"
#define PAIR_FILES 2

/* One target of the pair as the journal names it (fresh strings). */
typedef struct {
    char *path;
    char *temp;
    char *backup;        /* NULL: there was no file to replace */
    APP_FILE_ID id;      /* the new file's */
} PAIR_ENTRY;

typedef struct {
    PAIR_ENTRY e[PAIR_FILES];
    char *journal;
    char *done;
} PAIR;

static void pair_free(PAIR *p)
{
    for (int i = 0; i < PAIR_FILES; i++) {
        free(p->e[i].path);
        free(p->e[i].temp);
        free(p->e[i].backup);
    }
    free(p->journal);
    free(p->done);
    memset(p, 0, sizeof(*p));
}

/* The journal's and the done marker's names beside the private key out. */
static int pair_names(PAIR *p, const char *out)
{
    p->journal = app_sibling(out, JOURNAL_SUFFIX);
    p->done = app_sibling(out, DONE_SUFFIX);
    return p->journal != NULL && p->done != NULL ? 0 : app_error("out of memory");
}

static int same_file_id(const APP_FILE_ID *a, const APP_FILE_ID *b)
{
    return a->dev == b->dev && a->ino == b->ino;
}

static int exists(const char *path)
{
    APP_FILE_ID id;

    return app_os_file_id(path, -1, &id);
}

/*
 * Put back what the pair's placing changed: each backup renamed over its
 * target (the old file is back), a new file where there was none removed
 * (only when it is still ours), and the temporaries removed.  0, or
 * APP_EXIT_ERROR when a backup could not be put back (it is still there,
 * named in the journal).
 */
static int pair_undo(const PAIR *p)
{
    int ret = 0;

    for (int i = PAIR_FILES - 1; i >= 0; i--) {
        const PAIR_ENTRY *e = &p->e[i];
        APP_FILE_ID now;

        if (e->backup != NULL && exists(e->backup)) {
            if (app_os_rename(e->backup, e->path) != 0)
                ret = APP_EXIT_ERROR;
            else
                (void)app_os_remove(e->backup);   /* still there when it was a
                                                   * link of the target */
        } else if (e->backup == NULL && app_os_file_id(e->path, -1, &now)
                   && same_file_id(&now, &e->id)) {
            (void)app_os_remove(e->path);
        }
        (void)app_os_remove(e->temp);
    }
    return ret;
}

/* The new pair is complete: the backups and the done marker go. */
static void pair_finish(const PAIR *p)
{
    for (int i = 0; i < PAIR_FILES; i++) {
        if (p->e[i].backup != NULL)
            (void)app_os_remove(p->e[i].backup);
        (void)app_os_remove(p->e[i].temp);
    }
    (void)app_os_remove(p->done);
}

/* The journal's text: the magic line, then one line a target with its
 * fields separated by tabs; a fresh string, or NULL. */
static char *journal_text(const PAIR *p, size_t *len)
{
    size_t n = sizeof(JOURNAL_MAGIC);
    char *text, *cur;

    for (int i = 0; i < PAIR_FILES; i++)
        n += strlen(JOURNAL_ENTRY) + strlen(p->e[i].path) + strlen(p->e[i].temp)
             + (p->e[i].backup != NULL ? strlen(p->e[i].backup) : 1) + 64;
    if ((cur = text = malloc(n)) == NULL)
        return NULL;
    cur += snprintf(cur, n, "%s", JOURNAL_MAGIC);
    for (int i = 0; i < PAIR_FILES; i++) {
        const PAIR_ENTRY *e = &p->e[i];

        cur += snprintf(cur, n - (size_t)(cur - text), "%s\t%s\t%s\t%s\t%llu:%llu\n",
                        JOURNAL_ENTRY, e->path, e->temp,
                        e->backup != NULL ? e->backup : NO_BACKUP,
                        (unsigned long long)e->id.dev, (unsigned long long)e->id.ino);
    }
    *len = (size_t)(cur - text);
    return text;
}

/* The next field of the line at *s, up to a tab or the line end; fresh. */
static char *field(char **s)
{
    size_t n = strcspn(*s, "\t\n");
    char *f = malloc(n + 1);

    if (f != NULL) {
        memcpy(f, *s, n);
        f[n] = '\0';
    }
    *s += n + ((*s)[n] != '\0');
    return f;
}

/* Read back the journal at path into p's entries: 0, or APP_EXIT_ERROR. */
static int journal_read(PAIR *p, const char *path)
{
    size_t len = 0;
    uint8_t *data = app_read_file(path, JOURNAL_MAX_BYTES, &len);
    char *text, *s, *tag, *id;
    int ret = 0;

    if (data == NULL)
        return APP_EXIT_ERROR;
    if ((text = malloc(len + 1)) == NULL) {
        free(data);
        return app_error("out of memory");
    }
    memcpy(text, data, len);
    text[len] = '\0';
    free(data);
    s = text;
    if (strncmp(s, JOURNAL_MAGIC, strlen(JOURNAL_MAGIC)) != 0)
        ret = APP_EXIT_ERROR;
    s += ret == 0 ? strlen(JOURNAL_MAGIC) : 0;
    for (int i = 0; ret == 0 && i < PAIR_FILES; i++) {
        unsigned long long dev = 0, ino = 0;
        PAIR_ENTRY *e = &p->e[i];

        tag = field(&s);
        e->path = field(&s);
        e->temp = field(&s);
        e->backup = field(&s);
        id = field(&s);
        if (tag == NULL || e->path == NULL || e->temp == NULL || e->backup == NULL
            || id == NULL || strcmp(tag, JOURNAL_ENTRY) != 0 || *e->path == '\0'
            || sscanf(id, "%llu:%llu", &dev, &ino) != 2)
            ret = APP_EXIT_ERROR;
        e->id.dev = dev;
        e->id.ino = ino;
        if (e->backup != NULL && strcmp(e->backup, NO_BACKUP) == 0) {
            free(e->backup);
            e->backup = NULL;
        }
        free(tag);
        free(id);
    }
    free(text);
    if (ret != 0)
        app_error("%s: not a keygen journal this tool can read; repair by hand "
                  "(mldsa(1), FILES)", path);
    return ret;
}

int app_pair_recover(const char *out)
{
    PAIR p;
    int ret = 0;

    memset(&p, 0, sizeof(p));
    if (strcmp(out, APP_STDIO) == 0)
        return 0;
    if (pair_names(&p, out) != 0) {
        pair_free(&p);
        return APP_EXIT_ERROR;
    }
    /* (each message is a notice: keygen goes on after it) */
    if (exists(p.journal)) {
        if ((ret = journal_read(&p, p.journal)) == 0 && (ret = pair_undo(&p)) == 0
            && (ret = app_os_remove(p.journal)) == 0)
            (void)app_error("%s: an interrupted keygen was undone: the old files "
                            "are back (%s)", out, p.journal);
        else if (ret == 0)
            ret = app_error("%s: cannot remove it", p.journal);
    } else if (exists(p.done)) {
        if ((ret = journal_read(&p, p.done)) == 0) {
            pair_finish(&p);
            (void)app_error("%s: an interrupted keygen had completed: its new key "
                            "pair is kept (%s)", out, p.done);
        }
    }
    pair_free(&p);
    return ret;
}

/* TARGET.old-XXXXXX, where XXXXXX is the random part of f's temporary. */
static char *backup_name(const APP_OUTFILE *f)
{
    const char *tag = f->tmp, *hit;
    char suffix[64];

    while ((hit = strstr(tag, TEMP_MARK)) != NULL)
        tag = hit + strlen(TEMP_MARK);
    snprintf(suffix, sizeof(suffix), BACKUP_PREFIX "%.32s", tag);
    return app_sibling(f->path, suffix);
}

/* Fill p from the two staged files: 0, or APP_EXIT_ERROR after a message. */
static int pair_plan(PAIR *p, APP_OUTFILE *const f[PAIR_FILES])
{
    for (int i = 0; i < PAIR_FILES; i++) {
        PAIR_ENTRY *e = &p->e[i];

        if (strpbrk(f[i]->path, "\t\n") != NULL)
            return app_error("%s: a name with a tab or a line break cannot be "
                             "written as a pair", f[i]->path);
        e->path = strdup(f[i]->path);
        e->temp = strdup(f[i]->tmp);
        if (f[i]->existing != APP_EXISTING_NONE)
            e->backup = backup_name(f[i]);
        if (e->path == NULL || e->temp == NULL
            || (f[i]->existing != APP_EXISTING_NONE && e->backup == NULL))
            return app_error("out of memory");
        if (!app_os_file_id(e->temp, -1, &e->id))
            return app_error("%s: cannot read back its temporary", f[i]->path);
    }
    if (exists(p->journal) || exists(p->done))
        return app_error("%s: another keygen of this key is under way (or was "
                         "killed: run keygen again to repair)", f[0]->path);
    return 0;
}

/* Both staged files into place under the journal (steps 1 to 5 above). */
static int commit_journaled(APP_OUTPUT *o, APP_OUTPUT *po)
{
    APP_OUTFILE *const f[PAIR_FILES] = { &o->f, &po->f };
    PAIR p;
    char *text = NULL;
    size_t len = 0;
    int ret, journaled = 0;

    memset(&p, 0, sizeof(p));
    if ((ret = pair_names(&p, o->f.path)) != 0 || (ret = pair_plan(&p, f)) != 0)
        goto end;
    if ((text = journal_text(&p, &len)) == NULL) {
        ret = app_error("out of memory");
        goto end;
    }
    if ((ret = app_write_file(p.journal, text, len, APP_OUT_SECRET)) != 0)
        goto end;
    journaled = 1;
    for (int i = 0; i < PAIR_FILES; i++)
        if (p.e[i].backup != NULL && (ret = app_os_link(p.e[i].path, p.e[i].backup)) != 0)
            goto end;
    if ((ret = app_os_commit(f[0])) != 0 || (ret = app_os_commit(f[1])) != 0
        || (ret = app_os_rename(p.journal, p.done)) != 0)
        goto end;
    pair_finish(&p);
 end:
    if (ret != 0) {
        app_abandon(o);
        app_abandon(po);
        if (journaled && pair_undo(&p) == 0)
            (void)app_os_remove(p.journal);
        else if (journaled)
            app_error("%s: names what is left; the next keygen of %s repairs it",
                      p.journal, o->f.path);
    }
    free(text);
    pair_free(&p);
    return ret;
}

int app_write_pair(const char *out, const uint8_t *priv, size_t privlen,
                   const char *pubout, const uint8_t *pub, size_t publen,
                   int flags)
{
    APP_OUTPUT o, po, *first, *second;
    int ret;

    if (pubout == NULL)
        return app_write_file(out, priv, privlen, flags | APP_OUT_SECRET);
    if ((ret = app_stage(&o, out, priv, privlen, flags | APP_OUT_SECRET)) != 0)
        return ret;
    if ((ret = app_stage(&po, pubout, pub, publen, flags & APP_OUT_FORCE)) != 0) {
        app_abandon(&o);
        return ret;
    }
    if (!o.direct && !po.direct)
        return commit_journaled(&o, &po);
    /* A stream first (the private key's when both are): a file is put in
     * place only after it is written whole. */
    first = o.direct ? &o : &po;
    second = first == &o ? &po : &o;
    if ((ret = app_commit(first)) != 0) {
        app_abandon(second);
        return ret;
    }
    return app_commit(second);
}
