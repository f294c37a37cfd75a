/*
 * The Win64 ABI of every entry point of the Keccak kernels
 * (crypto/sha/asm/keccak1600x4-avx512vl.pl, x4, keccak1600x8-avx512.pl,
 * x8, and keccak1600x4-avx2.pl, x4 avx2, whose squeeze-absorb keeps
 * its pointers in a stack frame), as built for Windows x64 and run under Wine
 * by test/win64/run.sh, which links this file with one flavour of both.
 *
 * 1. The register contract.  Each entry point is called through a
 *    trampoline (the asm block below) that loads random values into the
 *    non-volatile registers rbx rbp rdi rsi r12-r15 and xmm6-xmm15 (all 128
 *    bits), calls it with valid arguments, and records those registers,
 *    rsp, RFLAGS and MXCSR after it returns.  They must be unchanged, the
 *    direction flag clear, and the result that of a direct call (and, for
 *    the permutation, of the portable Keccak-f[1600] on each instance).
 * 2. The unwind data (.pdata / .xdata).  Each kernel that takes a pointer
 *    is made to fault mid-function on a guard page, at a point where it
 *    has rdi (rsi too when it takes two or more arguments) and xmm6-xmm15
 *    in use.  On a CPU without its ISA the kernel's first vector instruction,
 *    right after its prologue, faults instead (#UD), and the handler
 *    scrambles rdi, rsi and xmm6-xmm15 first, as the body would have.  A
 *    vectored exception handler looks up the faulting RIP's function entry
 *    (it must be the kernel's; a fault in a leaf helper, which has none,
 *    is first unwound as Windows does, popping its return address, which
 *    must be in the kernel) and unwinds one frame with
 *    RtlVirtualUnwind: that must land on the trampoline's return address,
 *    with the rsp of the call and the values the trampoline loaded into
 *    the non-volatile registers.  The handler then resumes the trampoline
 *    there, as though the kernel had returned, and the next test runs.
 *
 * Where the CPU, the OS or MLDSA_IA32CAP lacks a kernel's ISA, the calls
 * of part 1 but capable() and info() are counted skips.  Prints one row
 * per check, then "N passed, N failed, N skipped" (and first the seed of
 * the random values, to replay a failure: abi_check.exe SEED).
 */
#include <windows.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal/cpuid.h"
#include "internal/sha3.h"

#define N_GPR 8                 /* rbx rbp rdi rsi r12 r13 r14 r15 */
#define N_XMM 10                /* xmm6 .. xmm15 */
#define MAX_WAYS 8
#define MAX_STATE_WORDS (MAX_WAYS * KECCAK1600_LANES)
#define BLOCKS 3                /* blocks per absorb / squeeze call */
#define RFLAGS_DF 0x400u        /* the direction flag, RFLAGS bit 10 */

/* The non-volatile registers of the Win64 ABI but MXCSR's control bits. */
typedef struct {
    uint64_t gpr[N_GPR];
    uint64_t xmm[N_XMM][2];     /* low, high quadword */
} ABI_REGS;

/* One call through the trampoline: what it loads, what it finds after. */
typedef struct {
    uint64_t fn;                /* the entry point */
    uint64_t arg[4];            /* rcx rdx r8 r9 */
    ABI_REGS in;                /* loaded before the call */
    ABI_REGS out;               /* found after it */
    uint64_t ret;               /* rax after it */
    uint64_t rsp_call;          /* rsp at the call instruction */
    uint64_t rsp_ret;           /* rsp after the return */
    uint64_t rflags;            /* RFLAGS after the return */
    uint32_t mxcsr_in, mxcsr_out;
} ABI_CALL;

/* Byte offsets in ABI_CALL and ABI_REGS, for the trampoline. */
#define OFF_FN 0
#define OFF_ARG 8
#define OFF_IN 40
#define OFF_OUT 264
#define OFF_XMM 64
#define OFF_RET 488
#define OFF_RSP_CALL 496
#define OFF_RSP_RET 504
#define OFF_RFLAGS 512
#define OFF_MXCSR_IN 520
#define OFF_MXCSR_OUT 524
_Static_assert(offsetof(ABI_CALL, fn) == OFF_FN, "OFF_FN");
_Static_assert(offsetof(ABI_CALL, arg) == OFF_ARG, "OFF_ARG");
_Static_assert(offsetof(ABI_CALL, in) == OFF_IN, "OFF_IN");
_Static_assert(offsetof(ABI_CALL, out) == OFF_OUT, "OFF_OUT");
_Static_assert(offsetof(ABI_REGS, xmm) == OFF_XMM, "OFF_XMM");
_Static_assert(offsetof(ABI_CALL, ret) == OFF_RET, "OFF_RET");
_Static_assert(offsetof(ABI_CALL, rsp_call) == OFF_RSP_CALL, "OFF_RSP_CALL");
_Static_assert(offsetof(ABI_CALL, rsp_ret) == OFF_RSP_RET, "OFF_RSP_RET");
_Static_assert(offsetof(ABI_CALL, rflags) == OFF_RFLAGS, "OFF_RFLAGS");
_Static_assert(offsetof(ABI_CALL, mxcsr_in) == OFF_MXCSR_IN, "OFF_MXCSR_IN");
_Static_assert(offsetof(ABI_CALL, mxcsr_out) == OFF_MXCSR_OUT, "OFF_MXCSR_OUT");

/* The call the trampoline is making (it finds it there after the return). */
static ABI_CALL *volatile abi_current __attribute__((used));

/*
 * uint64_t abi_trampoline(ABI_CALL *c): save the caller's non-volatile
 * registers (with unwind data of its own), load c->in and c->arg, call
 * c->fn with rsp 16-byte aligned and 32 bytes of home space, then record
 * rax, rsp, RFLAGS, MXCSR and the non-volatile registers into
 * abi_current, reset rsp, DF and MXCSR, restore the caller's registers and
 * return rax.  abi_trampoline_ret is the return address of the call.
 *
 * Frame: 8 pushes, then 200 bytes: home space [0, 32), xmm6-xmm15
 * [32, 192), padding; rsp is 16-byte aligned after it.
 */
#define STR_(x) #x
#define STR(x) STR_(x)
#define GPR_IN(off) STR(OFF_IN) "+" #off "(%rax)"
#define GPR_OUT(off) STR(OFF_OUT) "+" #off "(%r10)"
#define XMM_IN(i) STR(OFF_IN) "+" STR(OFF_XMM) "+16*" #i "(%rax)"
#define XMM_OUT(i) STR(OFF_OUT) "+" STR(OFF_XMM) "+16*" #i "(%r10)"
#define PUSH(r) "    push %" #r "\n    .seh_pushreg %" #r "\n"
#define SAVE_XMM(n, off) "    movaps %xmm" #n ", " #off "(%rsp)\n" \
                         "    .seh_savexmm %xmm" #n ", " #off "\n"
__asm__(
    "    .text\n"
    "    .def abi_trampoline; .scl 3; .type 32; .endef\n"
    "    .p2align 4\n"
    "abi_trampoline:\n"
    "    .seh_proc abi_trampoline\n"
    PUSH(rbx) PUSH(rbp) PUSH(rdi) PUSH(rsi)
    PUSH(r12) PUSH(r13) PUSH(r14) PUSH(r15)
    "    sub $200, %rsp\n"
    "    .seh_stackalloc 200\n"
    SAVE_XMM(6, 32) SAVE_XMM(7, 48) SAVE_XMM(8, 64) SAVE_XMM(9, 80)
    SAVE_XMM(10, 96) SAVE_XMM(11, 112) SAVE_XMM(12, 128)
    SAVE_XMM(13, 144) SAVE_XMM(14, 160) SAVE_XMM(15, 176)
    "    .seh_endprologue\n"
    "    mov %rcx, %rax\n"
    "    stmxcsr " STR(OFF_MXCSR_IN) "(%rax)\n"
    "    mov %rsp, " STR(OFF_RSP_CALL) "(%rax)\n"
    "    movdqu " XMM_IN(0) ", %xmm6\n"
    "    movdqu " XMM_IN(1) ", %xmm7\n"
    "    movdqu " XMM_IN(2) ", %xmm8\n"
    "    movdqu " XMM_IN(3) ", %xmm9\n"
    "    movdqu " XMM_IN(4) ", %xmm10\n"
    "    movdqu " XMM_IN(5) ", %xmm11\n"
    "    movdqu " XMM_IN(6) ", %xmm12\n"
    "    movdqu " XMM_IN(7) ", %xmm13\n"
    "    movdqu " XMM_IN(8) ", %xmm14\n"
    "    movdqu " XMM_IN(9) ", %xmm15\n"
    "    mov " GPR_IN(0) ", %rbx\n"
    "    mov " GPR_IN(8) ", %rbp\n"
    "    mov " GPR_IN(16) ", %rdi\n"
    "    mov " GPR_IN(24) ", %rsi\n"
    "    mov " GPR_IN(32) ", %r12\n"
    "    mov " GPR_IN(40) ", %r13\n"
    "    mov " GPR_IN(48) ", %r14\n"
    "    mov " GPR_IN(56) ", %r15\n"
    "    mov " STR(OFF_ARG) "+8(%rax), %rdx\n"
    "    mov " STR(OFF_ARG) "+16(%rax), %r8\n"
    "    mov " STR(OFF_ARG) "+24(%rax), %r9\n"
    "    mov " STR(OFF_ARG) "+0(%rax), %rcx\n"
    "    call *" STR(OFF_FN) "(%rax)\n"
    "abi_trampoline_ret:\n"
    "    mov abi_current(%rip), %r10\n"
    "    mov %rax, " STR(OFF_RET) "(%r10)\n"
    "    mov %rsp, " STR(OFF_RSP_RET) "(%r10)\n"
    "    mov " STR(OFF_RSP_CALL) "(%r10), %rsp\n"
    "    pushfq\n"
    "    pop %r11\n"
    "    mov %r11, " STR(OFF_RFLAGS) "(%r10)\n"
    "    cld\n"
    "    stmxcsr " STR(OFF_MXCSR_OUT) "(%r10)\n"
    "    ldmxcsr " STR(OFF_MXCSR_IN) "(%r10)\n"
    "    mov %rbx, " GPR_OUT(0) "\n"
    "    mov %rbp, " GPR_OUT(8) "\n"
    "    mov %rdi, " GPR_OUT(16) "\n"
    "    mov %rsi, " GPR_OUT(24) "\n"
    "    mov %r12, " GPR_OUT(32) "\n"
    "    mov %r13, " GPR_OUT(40) "\n"
    "    mov %r14, " GPR_OUT(48) "\n"
    "    mov %r15, " GPR_OUT(56) "\n"
    "    movdqu %xmm6, " XMM_OUT(0) "\n"
    "    movdqu %xmm7, " XMM_OUT(1) "\n"
    "    movdqu %xmm8, " XMM_OUT(2) "\n"
    "    movdqu %xmm9, " XMM_OUT(3) "\n"
    "    movdqu %xmm10, " XMM_OUT(4) "\n"
    "    movdqu %xmm11, " XMM_OUT(5) "\n"
    "    movdqu %xmm12, " XMM_OUT(6) "\n"
    "    movdqu %xmm13, " XMM_OUT(7) "\n"
    "    movdqu %xmm14, " XMM_OUT(8) "\n"
    "    movdqu %xmm15, " XMM_OUT(9) "\n"
    "    movaps 32(%rsp), %xmm6\n"
    "    movaps 48(%rsp), %xmm7\n"
    "    movaps 64(%rsp), %xmm8\n"
    "    movaps 80(%rsp), %xmm9\n"
    "    movaps 96(%rsp), %xmm10\n"
    "    movaps 112(%rsp), %xmm11\n"
    "    movaps 128(%rsp), %xmm12\n"
    "    movaps 144(%rsp), %xmm13\n"
    "    movaps 160(%rsp), %xmm14\n"
    "    movaps 176(%rsp), %xmm15\n"
    "    add $200, %rsp\n"
    "    pop %r15\n"
    "    pop %r14\n"
    "    pop %r13\n"
    "    pop %r12\n"
    "    pop %rsi\n"
    "    pop %rdi\n"
    "    pop %rbp\n"
    "    pop %rbx\n"
    "    ret\n"
    "    .seh_endproc\n");

uint64_t abi_trampoline(ABI_CALL *c);
extern const unsigned char abi_trampoline_ret[];

static const char *const gpr_name[N_GPR] = {
    "rbx", "rbp", "rdi", "rsi", "r12", "r13", "r14", "r15"
};

/* One multi-way kernel's entry points. */
typedef struct {
    const char *name;                   /* "x4", "x8" */
    size_t ways;
    uint32_t caps;                      /* ossl_ia32cap bits it needs */
    const char *capable_name, *info_name, *permute_name, *absorb_name,
        *squeeze_name, *squeeze_absorb_name;
    int (*capable)(void);
    const char *(*info)(void);
    void (*permute)(uint64_t *A);
    void (*absorb)(uint64_t *A, const uint8_t *const *in, size_t nblocks,
                   size_t r);
    void (*squeeze)(uint64_t *A, uint8_t *const *out, size_t nblocks,
                    size_t r);
    void (*squeeze_absorb)(uint64_t *A, uint8_t *const *out,
                           const uint8_t *const *in, const size_t *shape);
} KERNEL;

static const KERNEL kernels[] = {
    { "x4", KECCAK1600_X4_WAYS,
      OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_AVX512VL | OSSL_IA32CAP_ZMM_STATE,
      "SHA3_avx512vl_capable", "SHA3_avx512vl_info",
      "KECCAK1600_x4_permute_avx512vl", "SHA3_x4_absorb_avx512vl",
      "SHA3_x4_squeeze_avx512vl", "SHA3_x4_squeeze_absorb_avx512vl",
      SHA3_avx512vl_capable, SHA3_avx512vl_info,
      KECCAK1600_x4_permute_avx512vl, SHA3_x4_absorb_avx512vl,
      SHA3_x4_squeeze_avx512vl, SHA3_x4_squeeze_absorb_avx512vl },
    { "x8", KECCAK1600_X8_WAYS,
      OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_ZMM_STATE,
      "SHA3_avx512_capable", "SHA3_avx512_info",
      "KECCAK1600_x8_permute_avx512", "SHA3_x8_absorb_avx512",
      "SHA3_x8_squeeze_avx512", "SHA3_x8_squeeze_absorb_avx512",
      SHA3_avx512_capable, SHA3_avx512_info,
      KECCAK1600_x8_permute_avx512, SHA3_x8_absorb_avx512,
      SHA3_x8_squeeze_avx512, SHA3_x8_squeeze_absorb_avx512 },
    { "x4 avx2", KECCAK1600_X4_WAYS, OSSL_IA32CAP_AVX2,
      "SHA3_avx2_capable", "SHA3_avx2_info",
      "KECCAK1600_x4_permute_avx2", "SHA3_x4_absorb_avx2",
      "SHA3_x4_squeeze_avx2", "SHA3_x4_squeeze_absorb_avx2",
      SHA3_avx2_capable, SHA3_avx2_info,
      KECCAK1600_x4_permute_avx2, SHA3_x4_absorb_avx2,
      SHA3_x4_squeeze_avx2, SHA3_x4_squeeze_absorb_avx2 },
};

/* What the exception handler expects and what it found. */
typedef struct {
    uint64_t fn;                /* the kernel that is to fault */
    DWORD code;                 /* the exception (0: none) */
    uint64_t rip, addr;         /* faulting instruction, address */
    uint64_t leaf_rip;          /* a fault in a leaf helper: its RIP (rip
                                   is then its return address) */
    ABI_REGS at_fault;          /* the registers unwound from */
    int has_entry;              /* RtlLookupFunctionEntry found one */
    uint64_t begin, end;        /* ... covering [begin, end) */
    uint64_t rip1, rsp1;        /* one frame up: RIP and rsp */
    ABI_REGS up;                /* ... and the non-volatile registers */
} FAULT;

static FAULT *volatile fault_expected;
static size_t page_size;
static uint64_t rng_state;
static int n_pass, n_fail, n_skip;

/* The next value of splitmix64 (a fixed sequence from the printed seed). */
static uint64_t rnd64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Fill len bytes with random values. */
static void rnd_bytes(void *p, size_t len)
{
    uint8_t *b = p;

    for (size_t i = 0; i < len; i++)
        b[i] = (uint8_t)rnd64();
}

/* Print one result row and count it. */
static int row(const char *name, int ok)
{
    printf("| %-76s | %-4s |\n", name, ok ? "PASS" : "FAIL");
    if (ok)
        n_pass++;
    else
        n_fail++;
    return ok;
}

/* Print one skipped row with its reason and count it. */
static void skip_row(const char *name, const char *why)
{
    char line[160];

    snprintf(line, sizeof(line), "%s (%s)", name, why);
    printf("| %-76s | SKIP |\n", line);
    n_skip++;
}

/* The non-volatile registers of a CONTEXT. */
static void regs_from_context(ABI_REGS *r, const CONTEXT *c)
{
    const M128A *x = &c->Xmm6;

    r->gpr[0] = c->Rbx;
    r->gpr[1] = c->Rbp;
    r->gpr[2] = c->Rdi;
    r->gpr[3] = c->Rsi;
    r->gpr[4] = c->R12;
    r->gpr[5] = c->R13;
    r->gpr[6] = c->R14;
    r->gpr[7] = c->R15;
    for (int i = 0; i < N_XMM; i++) {
        r->xmm[i][0] = x[i].Low;
        r->xmm[i][1] = (uint64_t)x[i].High;
    }
}

/* Put the non-volatile registers r into a CONTEXT. */
static void regs_to_context(CONTEXT *c, const ABI_REGS *r)
{
    M128A *x = &c->Xmm6;

    c->Rbx = r->gpr[0];
    c->Rbp = r->gpr[1];
    c->Rdi = r->gpr[2];
    c->Rsi = r->gpr[3];
    c->R12 = r->gpr[4];
    c->R13 = r->gpr[5];
    c->R14 = r->gpr[6];
    c->R15 = r->gpr[7];
    for (int i = 0; i < N_XMM; i++) {
        x[i].Low = r->xmm[i][0];
        x[i].High = (LONGLONG)r->xmm[i][1];
    }
}

/*
 * Make rdi, rsi and xmm6-xmm15 of a CONTEXT differ from the caller's, as
 * the kernel body would have them (the perlasm .entry contract: the body
 * may use them, never rbx rbp r12-r15), for a fault raised before the body
 * ran.  Only values restored from the kernel's save slots then come back.
 */
static void scramble_body_registers(CONTEXT *c)
{
    M128A *x = &c->Xmm6;

    c->Rdi = ~c->Rdi;
    c->Rsi = ~c->Rsi;
    for (int i = 0; i < N_XMM; i++) {
        x[i].Low = ~x[i].Low;
        x[i].High = ~x[i].High;
    }
}

/*
 * The vectored exception handler: for the fault a test has armed
 * (fault_expected), an access violation (on the guard page) or an illegal
 * instruction (the kernel's first vector instruction on a CPU without
 * it, right after its prologue), record where it happened and the
 * registers, look up the function entry of the faulting RIP and unwind one
 * frame from it (after scramble_body_registers() for an illegal
 * instruction); then resume at the trampoline's return address with the
 * rsp of its call and the unwound non-volatile registers: the kernel
 * "returns", whatever the unwind gave, as the trampoline restores its own
 * caller's registers from its own frame.  Anything else goes on to the
 * next handler.
 */
static LONG CALLBACK on_fault(EXCEPTION_POINTERS *ep)
{
    FAULT *f = fault_expected;
    CONTEXT *ctx = ep->ContextRecord, up;
    DWORD code = ep->ExceptionRecord->ExceptionCode;
    PRUNTIME_FUNCTION rf;
    DWORD64 base, frame;
    PVOID data;

    if (f == NULL || (code != EXCEPTION_ACCESS_VIOLATION
                      && code != EXCEPTION_ILLEGAL_INSTRUCTION))
        return EXCEPTION_CONTINUE_SEARCH;
    fault_expected = NULL;
    f->code = code;
    f->rip = ctx->Rip;
    if (code == EXCEPTION_ACCESS_VIOLATION)
        f->addr = ep->ExceptionRecord->ExceptionInformation[1];
    up = *ctx;
    if (code == EXCEPTION_ILLEGAL_INSTRUCTION)
        scramble_body_registers(&up);
    regs_from_context(&f->at_fault, &up);
    rf = RtlLookupFunctionEntry(up.Rip, &base, NULL);
    if (rf == NULL) {
        /* A leaf function (a kernel's perlasm .helper has no unwind data
         * and no stack): Windows unwinds it by popping its return
         * address, which must be in the kernel. */
        f->leaf_rip = up.Rip;
        up.Rip = *(DWORD64 *)(uintptr_t)up.Rsp;
        up.Rsp += 8;
        f->rip = up.Rip;
        rf = RtlLookupFunctionEntry(up.Rip, &base, NULL);
    }
    if (rf != NULL) {
        f->has_entry = 1;
        f->begin = base + rf->BeginAddress;
        f->end = base + rf->EndAddress;
        RtlVirtualUnwind(UNW_FLAG_NHANDLER, base, up.Rip, rf, &up, &data,
                         &frame, NULL);
        f->rip1 = up.Rip;
        f->rsp1 = up.Rsp;
        regs_from_context(&f->up, &up);
    }
    regs_to_context(ctx, &f->up);
    ctx->Rip = (DWORD64)(uintptr_t)abi_trampoline_ret;
    ctx->Rsp = abi_current->rsp_call;
    return EXCEPTION_CONTINUE_EXECUTION;
}

/* Set up a call of fn with random non-volatile registers. */
static void call_init(ABI_CALL *c, uint64_t fn, uint64_t a0, uint64_t a1,
                      uint64_t a2, uint64_t a3)
{
    memset(c, 0, sizeof(*c));
    c->fn = fn;
    c->arg[0] = a0;
    c->arg[1] = a1;
    c->arg[2] = a2;
    c->arg[3] = a3;
    rnd_bytes(&c->in, sizeof(c->in));
}

/* Make the call through the trampoline. */
static void call_run(ABI_CALL *c)
{
    abi_current = c;
    abi_trampoline(c);
    abi_current = NULL;
}

/* Print which of the registers differ between want and got. */
static int regs_equal(const ABI_REGS *want, const ABI_REGS *got, int xmm)
{
    int ok = 1;

    for (int i = 0; !xmm && i < N_GPR; i++)
        if (want->gpr[i] != got->gpr[i]) {
            printf("    %s: 0x%016llx, now 0x%016llx\n", gpr_name[i],
                   (unsigned long long)want->gpr[i],
                   (unsigned long long)got->gpr[i]);
            ok = 0;
        }
    for (int i = 0; xmm && i < N_XMM; i++)
        if (want->xmm[i][0] != got->xmm[i][0]
            || want->xmm[i][1] != got->xmm[i][1]) {
            printf("    xmm%d: 0x%016llx%016llx, now 0x%016llx%016llx\n",
                   i + 6, (unsigned long long)want->xmm[i][1],
                   (unsigned long long)want->xmm[i][0],
                   (unsigned long long)got->xmm[i][1],
                   (unsigned long long)got->xmm[i][0]);
            ok = 0;
        }
    return ok;
}

/*
 * The register-contract rows of one call; 1 if they all passed, and only
 * then may the test call the entry point directly (one that breaks the
 * contract would break this program's own registers).
 */
static int check_regs(const char *what, const ABI_CALL *c)
{
    char name[160];
    int ok, all;

    snprintf(name, sizeof(name), "%s: rbx rbp rdi rsi r12-r15 kept", what);
    all = row(name, regs_equal(&c->in, &c->out, 0));
    snprintf(name, sizeof(name), "%s: xmm6-xmm15 kept (128 bits)", what);
    all &= row(name, regs_equal(&c->in, &c->out, 1));
    snprintf(name, sizeof(name), "%s: rsp restored, DF clear, MXCSR kept",
             what);
    ok = c->rsp_ret == c->rsp_call && (c->rflags & RFLAGS_DF) == 0
         && c->mxcsr_out == c->mxcsr_in;
    if (!row(name, ok))
        printf("    rsp 0x%llx, at the call 0x%llx; RFLAGS 0x%llx;"
               " MXCSR 0x%x, before 0x%x\n",
               (unsigned long long)c->rsp_ret,
               (unsigned long long)c->rsp_call,
               (unsigned long long)c->rflags, (unsigned)c->mxcsr_out,
               (unsigned)c->mxcsr_in);
    return all && ok;
}

/* The result row of one call: regs_ok from check_regs(), same whether
 * the direct call gave the same result (not made when !regs_ok). */
static void check_result(const char *what, int regs_ok, int same)
{
    char name[160];

    snprintf(name, sizeof(name), "%s: result equals a direct call's", what);
    if (!row(name, regs_ok && same) && !regs_ok)
        printf("    not called directly: it breaks the register contract\n");
}

/* The rows of check_regs() and check_result(), as skips. */
static void skip_call(const char *what, const char *why)
{
    static const char *const rows[] = {
        "rbx rbp rdi rsi r12-r15 kept", "xmm6-xmm15 kept (128 bits)",
        "rsp restored, DF clear, MXCSR kept", "result equals a direct call's"
    };
    char name[160];

    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        snprintf(name, sizeof(name), "%s: %s", what, rows[i]);
        skip_row(name, why);
    }
}

/* capable() and info() through the trampoline; 1 if the kernel is full
 * (info() says so: its other entry points do not trap). */
static int test_capable_info(const KERNEL *k)
{
    ABI_CALL c;
    char what[96];
    const char *info;
    int ok;

    snprintf(what, sizeof(what), "%s %s()", k->name, k->capable_name);
    call_init(&c, (uint64_t)(uintptr_t)k->capable, 0, 0, 0, 0);
    call_run(&c);
    ok = check_regs(what, &c);
    check_result(what, ok, ok && (int)(uint32_t)c.ret == k->capable());

    snprintf(what, sizeof(what), "%s %s()", k->name, k->info_name);
    call_init(&c, (uint64_t)(uintptr_t)k->info, 0, 0, 0, 0);
    call_run(&c);
    info = (const char *)(uintptr_t)c.ret;
    ok = check_regs(what, &c);
    check_result(what, ok, ok && info == k->info());
    printf("    %s\n", info);
    snprintf(what, sizeof(what), "%s info: the full kernel, not the stubs",
             k->name);
    return row(what, strstr(info, " full, ") != NULL);
}

/* The permutation through the trampoline, against a direct call and the
 * portable Keccak-f[1600] (FIPS 202 Algorithm 7) of each instance. */
static void test_permute(const KERNEL *k)
{
    uint64_t A[MAX_STATE_WORDS], B[MAX_STATE_WORDS], lanes[KECCAK1600_LANES];
    int ok, same = 1;
    ABI_CALL c;
    char what[96];

    rnd_bytes(A, sizeof(A));
    memcpy(B, A, sizeof(B));
    snprintf(what, sizeof(what), "%s %s(A)", k->name, k->permute_name);
    call_init(&c, (uint64_t)(uintptr_t)k->permute, (uint64_t)(uintptr_t)A,
              0, 0, 0);
    call_run(&c);
    for (size_t j = 0; j < k->ways; j++) {
        for (size_t i = 0; i < KECCAK1600_LANES; i++)
            lanes[i] = B[k->ways * i + j];
        KECCAK1600_permute(lanes);
        for (size_t i = 0; i < KECCAK1600_LANES; i++)
            same &= lanes[i] == A[k->ways * i + j];
    }
    ok = check_regs(what, &c);
    if (ok) {
        k->permute(B);
        same &= memcmp(A, B, sizeof(A)) == 0;
    }
    check_result(what, ok, same);
}

/* Absorb BLOCKS blocks of rate r through the trampoline and directly. */
static void test_absorb(const KERNEL *k, size_t r)
{
    static uint8_t data[MAX_WAYS][BLOCKS * SHAKE128_RATE];
    uint64_t A[MAX_STATE_WORDS], B[MAX_STATE_WORDS];
    const uint8_t *in[MAX_WAYS];
    ABI_CALL c;
    char what[96];
    int ok;

    rnd_bytes(data, sizeof(data));
    rnd_bytes(A, sizeof(A));
    memcpy(B, A, sizeof(B));
    for (size_t j = 0; j < k->ways; j++)
        in[j] = data[j];
    snprintf(what, sizeof(what), "%s %s(r=%zu, %d blocks)", k->name,
             k->absorb_name, r, BLOCKS);
    call_init(&c, (uint64_t)(uintptr_t)k->absorb, (uint64_t)(uintptr_t)A,
              (uint64_t)(uintptr_t)in, BLOCKS, r);
    call_run(&c);
    ok = check_regs(what, &c);
    if (ok)
        k->absorb(B, in, BLOCKS, r);
    check_result(what, ok, memcmp(A, B, sizeof(A)) == 0);
}

/* Squeeze BLOCKS blocks of rate r through the trampoline and directly. */
static void test_squeeze(const KERNEL *k, size_t r)
{
    static uint8_t data[2][MAX_WAYS][BLOCKS * SHAKE128_RATE];
    uint64_t A[MAX_STATE_WORDS], B[MAX_STATE_WORDS];
    uint8_t *out[2][MAX_WAYS];
    ABI_CALL c;
    char what[96];
    int ok;

    memset(data, 0, sizeof(data));
    rnd_bytes(A, sizeof(A));
    memcpy(B, A, sizeof(B));
    for (size_t j = 0; j < k->ways; j++) {
        out[0][j] = data[0][j];
        out[1][j] = data[1][j];
    }
    snprintf(what, sizeof(what), "%s %s(r=%zu, %d blocks)", k->name,
             k->squeeze_name, r, BLOCKS);
    call_init(&c, (uint64_t)(uintptr_t)k->squeeze, (uint64_t)(uintptr_t)A,
              (uint64_t)(uintptr_t)out[0], BLOCKS, r);
    call_run(&c);
    ok = check_regs(what, &c);
    if (ok)
        k->squeeze(B, out[1], BLOCKS, r);
    check_result(what, ok, memcmp(A, B, sizeof(A)) == 0
                           && memcmp(data[0], data[1], sizeof(data[0])) == 0);
}

/*
 * Squeeze BLOCKS blocks of rate r while absorbing blocks of the other
 * SHAKE rate, through the trampoline and directly.
 */
static void test_squeeze_absorb(const KERNEL *k, size_t r)
{
    static uint8_t data[2][MAX_WAYS][BLOCKS * SHAKE128_RATE];
    static uint8_t input[MAX_WAYS][BLOCKS * SHAKE128_RATE];
    uint64_t A[MAX_STATE_WORDS], B[MAX_STATE_WORDS];
    uint8_t *out[2][MAX_WAYS];
    const uint8_t *in[MAX_WAYS];
    size_t shape[3] = { BLOCKS, r, SHAKE128_RATE + SHAKE256_RATE - r };
    ABI_CALL c;
    char what[96];
    int ok;

    memset(data, 0, sizeof(data));
    rnd_bytes(input, sizeof(input));
    rnd_bytes(A, sizeof(A));
    memcpy(B, A, sizeof(B));
    for (size_t j = 0; j < k->ways; j++) {
        out[0][j] = data[0][j];
        out[1][j] = data[1][j];
        in[j] = input[j];
    }
    snprintf(what, sizeof(what), "%s %s(r=%zu/%zu, %d blocks)", k->name,
             k->squeeze_absorb_name, shape[1], shape[2], BLOCKS);
    call_init(&c, (uint64_t)(uintptr_t)k->squeeze_absorb,
              (uint64_t)(uintptr_t)A, (uint64_t)(uintptr_t)out[0],
              (uint64_t)(uintptr_t)in, (uint64_t)(uintptr_t)shape);
    call_run(&c);
    ok = check_regs(what, &c);
    if (ok)
        k->squeeze_absorb(B, out[1], in, shape);
    check_result(what, ok, memcmp(A, B, sizeof(A)) == 0
                           && memcmp(data[0], data[1], sizeof(data[0])) == 0);
}

static const char *const fault_rows[] = {
    "faults inside the kernel",
    "the .pdata entry of the faulting RIP is the kernel's",
    "rdi, rsi if an argument, xmm6-xmm15 in use by the kernel at the fault",
    "unwinds to the caller's return address and rsp",
    "unwinds to the caller's rbx rbp rdi rsi r12-r15",
    "unwinds to the caller's xmm6-xmm15",
};
#define N_FAULT_ROWS (sizeof(fault_rows) / sizeof(fault_rows[0]))

/*
 * Call fn(a0..a3) (nargs arguments) through the trampoline with the
 * handler armed for a fault of fn, on the page at guard or at its first
 * vector instruction, then check what the handler found.
 */
static void fault_call(const char *what, uint64_t fn, uint64_t guard,
                       int nargs, uint64_t a0, uint64_t a1, uint64_t a2,
                       uint64_t a3)
{
    FAULT f;
    ABI_CALL c;
    char name[160];
    int ok, in_use;

    memset(&f, 0, sizeof(f));
    f.fn = fn;
    call_init(&c, fn, a0, a1, a2, a3);
    fault_expected = &f;
    call_run(&c);
    fault_expected = NULL;

    snprintf(name, sizeof(name), "%s: %s", what, fault_rows[0]);
    ok = f.rip >= fn && (f.code == EXCEPTION_ILLEGAL_INSTRUCTION
                         || (f.code == EXCEPTION_ACCESS_VIOLATION
                             && f.addr >= guard
                             && f.addr < guard + page_size));
    row(name, ok);
    if (f.code == EXCEPTION_ILLEGAL_INSTRUCTION)
        printf("    #UD at +0x%llx, its first vector instruction (not"
               " run here)\n", (unsigned long long)(f.rip - fn));
    else if (f.code == EXCEPTION_ACCESS_VIOLATION)
        printf("    access violation at +0x%llx, address 0x%llx (guard"
               " page 0x%llx)\n", (unsigned long long)(f.rip - fn),
               (unsigned long long)f.addr, (unsigned long long)guard);
    else
        printf("    no fault\n");
    if (f.leaf_rip != 0)
        printf("    in a leaf helper at 0x%llx, called from +0x%llx\n",
               (unsigned long long)f.leaf_rip,
               (unsigned long long)(f.rip - fn));

    snprintf(name, sizeof(name), "%s: %s", what, fault_rows[1]);
    if (!row(name, f.has_entry && f.begin == fn && f.rip >= f.begin
                   && f.rip < f.end))
        printf("    RIP 0x%llx: %s [0x%llx, 0x%llx), kernel at 0x%llx\n",
               (unsigned long long)f.rip,
               f.has_entry ? "entry" : "no entry",
               (unsigned long long)f.begin, (unsigned long long)f.end,
               (unsigned long long)fn);

    /* Otherwise the unwind rows below could pass without unwinding. */
    snprintf(name, sizeof(name), "%s: %s", what, fault_rows[2]);
    if (f.code == EXCEPTION_ILLEGAL_INSTRUCTION) {
        skip_row(name, "#UD before the body: the handler scrambled them");
    } else {
        in_use = f.at_fault.gpr[2] != c.in.gpr[2]
                 && (nargs < 2 || f.at_fault.gpr[3] != c.in.gpr[3]);
        for (int i = 0; i < N_XMM; i++)
            in_use &= f.at_fault.xmm[i][0] != c.in.xmm[i][0]
                      || f.at_fault.xmm[i][1] != c.in.xmm[i][1];
        row(name, f.code != 0 && in_use);
    }

    snprintf(name, sizeof(name), "%s: %s", what, fault_rows[3]);
    if (!row(name, f.has_entry
                   && f.rip1 == (uint64_t)(uintptr_t)abi_trampoline_ret
                   && f.rsp1 == c.rsp_call))
        printf("    RIP 0x%llx, rsp 0x%llx; want 0x%llx, 0x%llx\n",
               (unsigned long long)f.rip1, (unsigned long long)f.rsp1,
               (unsigned long long)(uintptr_t)abi_trampoline_ret,
               (unsigned long long)c.rsp_call);
    snprintf(name, sizeof(name), "%s: %s", what, fault_rows[4]);
    row(name, f.has_entry && regs_equal(&c.in, &f.up, 0));
    snprintf(name, sizeof(name), "%s: %s", what, fault_rows[5]);
    row(name, f.has_entry && regs_equal(&c.in, &f.up, 1));
}

/* Set the protection of the guard page. */
static int protect(uint8_t *page, DWORD prot)
{
    DWORD old;

    return VirtualProtect(page, page_size, prot, &old) != 0;
}

/*
 * One fault per pointer-taking kernel, each mid-function with xmm6-xmm15
 * holding state: the permutation on a read-only state (it faults on its
 * first store, after the rounds); an absorb of 2 blocks whose last input
 * has its second block on a no-access page (after one permutation); a
 * squeeze of 2 blocks whose last output has its second block there; a
 * squeeze-absorb of 2 blocks whose last input has its first block there.
 */
static void test_faults(const KERNEL *k, uint8_t *pages)
{
    static uint8_t data[MAX_WAYS][2 * SHAKE128_RATE];
    uint8_t *guard = pages + page_size;
    uint64_t A[MAX_STATE_WORDS], *RO = (uint64_t *)guard;
    const uint8_t *in[MAX_WAYS];
    uint8_t *out[MAX_WAYS];
    size_t r = SHAKE128_RATE, shape[3] = { 2, SHAKE128_RATE, SHAKE256_RATE };
    char what[96];

    rnd_bytes(data, sizeof(data));
    rnd_bytes(A, sizeof(A));
    for (size_t j = 0; j < k->ways; j++) {
        in[j] = data[j];
        out[j] = data[j];
    }

    if (!protect(guard, PAGE_READWRITE)) {
        row("VirtualProtect(PAGE_READWRITE)", 0);
        return;
    }
    memcpy(RO, A, k->ways * KECCAK1600_LANES * sizeof(A[0]));
    if (!protect(guard, PAGE_READONLY)) {
        row("VirtualProtect(PAGE_READONLY)", 0);
        return;
    }
    snprintf(what, sizeof(what), "%s %s", k->name, k->permute_name);
    fault_call(what, (uint64_t)(uintptr_t)k->permute,
               (uint64_t)(uintptr_t)guard, 1, (uint64_t)(uintptr_t)RO, 0, 0,
               0);

    if (!protect(guard, PAGE_NOACCESS)) {
        row("VirtualProtect(PAGE_NOACCESS)", 0);
        return;
    }
    in[k->ways - 1] = guard - r;
    snprintf(what, sizeof(what), "%s %s", k->name, k->absorb_name);
    fault_call(what, (uint64_t)(uintptr_t)k->absorb,
               (uint64_t)(uintptr_t)guard, 4, (uint64_t)(uintptr_t)A,
               (uint64_t)(uintptr_t)in, 2, r);

    out[k->ways - 1] = guard - r;
    snprintf(what, sizeof(what), "%s %s", k->name, k->squeeze_name);
    fault_call(what, (uint64_t)(uintptr_t)k->squeeze,
               (uint64_t)(uintptr_t)guard, 4, (uint64_t)(uintptr_t)A,
               (uint64_t)(uintptr_t)out, 2, r);

    for (size_t j = 0; j < k->ways; j++)
        out[j] = data[j];
    in[k->ways - 1] = guard;
    snprintf(what, sizeof(what), "%s %s", k->name, k->squeeze_absorb_name);
    fault_call(what, (uint64_t)(uintptr_t)k->squeeze_absorb,
               (uint64_t)(uintptr_t)guard, 4, (uint64_t)(uintptr_t)A,
               (uint64_t)(uintptr_t)out, (uint64_t)(uintptr_t)in,
               (uint64_t)(uintptr_t)shape);
}

/* The fault rows of one kernel, as skips. */
static void skip_faults(const KERNEL *k, const char *why)
{
    const char *fn[] = { k->permute_name, k->absorb_name, k->squeeze_name,
                         k->squeeze_absorb_name };
    char name[160];

    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < N_FAULT_ROWS; j++) {
            snprintf(name, sizeof(name), "%s %s: %s", k->name, fn[i],
                     fault_rows[j]);
            skip_row(name, why);
        }
}

/*
 * Every check of one kernel: without its ISA here only capable() and
 * info() run through the trampoline, and the faults are the #UD of its
 * first vector instruction.
 */
static void test_kernel(const KERNEL *k, uint8_t *pages)
{
    const size_t rates[] = { SHAKE128_RATE, SHAKE256_RATE };
    const char *why = NULL;
    int full = test_capable_info(k);
    char what[96];

    if (!full) {
        why = "stubs would trap";
    } else if ((ossl_ia32cap() & k->caps) != k->caps) {
        why = "no ISA here: the body cannot run";
        printf("    %s: ossl_ia32cap 0x%x lacks 0x%x\n", k->name,
               (unsigned)ossl_ia32cap(), (unsigned)k->caps);
    }
    if (why != NULL) {
        snprintf(what, sizeof(what), "%s %s(A)", k->name, k->permute_name);
        skip_call(what, why);
    } else {
        test_permute(k);
    }
    for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
        if (why != NULL) {
            snprintf(what, sizeof(what), "%s %s(r=%zu, %d blocks)", k->name,
                     k->absorb_name, rates[i], BLOCKS);
            skip_call(what, why);
            snprintf(what, sizeof(what), "%s %s(r=%zu, %d blocks)", k->name,
                     k->squeeze_name, rates[i], BLOCKS);
            skip_call(what, why);
            snprintf(what, sizeof(what), "%s %s(r=%zu/%zu, %d blocks)",
                     k->name, k->squeeze_absorb_name, rates[i],
                     SHAKE128_RATE + SHAKE256_RATE - rates[i], BLOCKS);
            skip_call(what, why);
        } else {
            test_absorb(k, rates[i]);
            test_squeeze(k, rates[i]);
            test_squeeze_absorb(k, rates[i]);
        }
    }
    if (!full)
        skip_faults(k, "stubs would trap");
    else
        test_faults(k, pages);
}

int main(int argc, char **argv)
{
    SYSTEM_INFO si;
    uint8_t *pages;
    uint64_t seed = 0x5eed0f0000ab1c4dULL;

    if (argc > 1)
        seed = strtoull(argv[1], NULL, 0);
    rng_state = seed;
    setvbuf(stdout, NULL, _IONBF, 0);
    GetSystemInfo(&si);
    page_size = si.dwPageSize;
    printf("Win64 ABI of the Keccak kernels: seed 0x%016llx,"
           " ossl_ia32cap 0x%x\n", (unsigned long long)seed,
           (unsigned)ossl_ia32cap());
    pages = VirtualAlloc(NULL, 2 * page_size, MEM_RESERVE | MEM_COMMIT,
                         PAGE_READWRITE);
    if (pages == NULL
        || AddVectoredExceptionHandler(1, on_fault) == NULL) {
        row("VirtualAlloc and AddVectoredExceptionHandler", 0);
    } else {
        for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++)
            test_kernel(&kernels[i], pages);
    }
    printf("%d passed, %d failed, %d skipped\n", n_pass, n_fail, n_skip);
    return n_fail != 0;
}
