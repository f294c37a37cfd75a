/*
 * A qemu TCG plugin (qemu-user 7.2's plugin interface, version 1) that
 * counts the guest instructions a process executes: each translation
 * block, when qemu translates it, gets an inline add of its instruction
 * count to one counter, which the plugin writes at exit as one line
 * "PID COUNT" appended to the file named by its argument out=PATH.  Built
 * and run by util/icount; a process that forks gives one line per process
 * (a child's count includes its parent's until the fork).
 *
 * The declarations below are the parts of qemu's plugin API (docs/devel/
 * tcg-plugins.rst, include/qemu/qemu-plugin.h) this plugin uses, written
 * here as Debian ships no qemu-plugin.h: the types and functions of the
 * interface's version 1.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define PLUGIN_EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct {
    const char *target_name;
    struct {
        int min;
        int cur;
    } version;
    bool system_emulation;
} qemu_info_t;
/* enum qemu_plugin_op: an inline add to a 64-bit counter */
#define QEMU_PLUGIN_INLINE_ADD_U64 0

void qemu_plugin_register_vcpu_tb_trans_cb(
    qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
                                              int op, void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
                                    void (*cb)(qemu_plugin_id_t, void *),
                                    void *userdata);

PLUGIN_EXPORT int qemu_plugin_version = 1;

static uint64_t executed;       /* guest instructions so far */
static char out_path[4096];

/* A block being translated: count its instructions each time it runs. */
static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
                                             &executed,
                                             qemu_plugin_tb_n_insns(tb));
}

/* The process ends: append "PID COUNT" to the output file. */
static void on_exit(qemu_plugin_id_t id, void *userdata)
{
    FILE *f = fopen(out_path, "a");

    (void)id;
    (void)userdata;
    if (f == NULL)
        return;
    fprintf(f, "%ld %llu\n", (long)getpid(), (unsigned long long)executed);
    fclose(f);
}

/* qemu loads the plugin: argument out=PATH is required. */
PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                      const qemu_info_t *info, int argc,
                                      char **argv)
{
    (void)info;
    if (argc != 1 || strncmp(argv[0], "out=", 4) != 0
        || strlen(argv[0] + 4) >= sizeof(out_path)) {
        fprintf(stderr, "icount-plugin: give one argument, out=PATH\n");
        return -1;
    }
    strcpy(out_path, argv[0] + 4);
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, on_exit, NULL);
    return 0;
}
