/*
 * Helpers of the provider's suites (test/test_provider*.c, built with
 * libcrypto where the module is): a library context that loads the module
 * make built beside OpenSSL's default provider, and the check of which
 * provider did an operation (OpenSSL 3.5's default provider has an ML-DSA
 * of its own under the same names).
 */
#ifndef MLDSA_PROVIDER_TESTUTIL_H
#define MLDSA_PROVIDER_TESTUTIL_H

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <check.h>
#include <openssl/provider.h>
#include "mldsa.h"

/* The three parameter sets and their algorithm names. */
#define NPARAMS 3
static const mldsa_param params[NPARAMS] = { MLDSA_44, MLDSA_65, MLDSA_87 };
static const char *const alg_names[NPARAMS] = { "ML-DSA-44", "ML-DSA-65", "ML-DSA-87" };

/* The provider's reasons (providers/errors.c), as OpenSSL prints them. */
#define R_BAD_KEY "invalid ML-DSA key"
#define R_BAD_PARAMETER "invalid parameter"

/*
 * A library context whose openssl.cnf activates the default provider, with
 * theirs added to its section, and ours (the module make built), with ours
 * added to its section.
 */
static inline OSSL_LIB_CTX *provider_libctx(const char *ours, const char *theirs)
{
    char path[] = "/tmp/test_provider_cnf_XXXXXX";
    OSSL_LIB_CTX *ctx;
    FILE *f;
    int fd;

    fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_ptr_nonnull(f = fdopen(fd, "w"));
    fprintf(f, "openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\n"
            "[provider_sect]\ndefault = default_sect\nmldsa = mldsa_sect\n"
            "[default_sect]\nactivate = 1\n%s\n"
            "[mldsa_sect]\nmodule = %s\nactivate = 1\n%s\n", theirs, TEST_PROVIDER_MODULE,
            ours);
    ck_assert_int_eq(fclose(f), 0);
    ck_assert_ptr_nonnull(ctx = OSSL_LIB_CTX_new());
    ck_assert_msg(OSSL_LIB_CTX_load_config(ctx, path) == 1, "cannot load %s with '%s' / '%s'",
                  TEST_PROVIDER_MODULE, ours, theirs);
    unlink(path);
    ck_assert_int_eq(OSSL_PROVIDER_available(ctx, "mldsa"), 1);
    ck_assert_int_eq(OSSL_PROVIDER_available(ctx, "default"), 1);
    return ctx;
}

/* what was done by prov, which must be the provider named name. */
static inline void assert_provider(const OSSL_PROVIDER *prov, const char *name,
                                   const char *what)
{
    const char *got = prov != NULL ? OSSL_PROVIDER_get0_name(prov) : "no provider";

    ck_assert_msg(strcmp(got, name) == 0, "%s came from %s, not %s", what, got, name);
}

#endif
