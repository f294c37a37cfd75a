/*
 * The provider's capabilities (OSSL_FUNC_PROVIDER_GET_CAPABILITIES): the
 * TLS 1.3 signature algorithms "TLS-SIGALG" of ML-DSA-44/65/87
 * (draft-ietf-tls-mldsa: mldsa44, mldsa65, mldsa87, code points 0x0904 -
 * 0x0906), with the names, OIDs and strengths OpenSSL 3.5's default
 * provider gives them.
 *
 * libssl 3.2 and later collect each provider's TLS-SIGALG list when an
 * SSL_CTX is made, and keep a signature algorithm only from the provider
 * whose keymgmt a fetch of its name returns.  So once our keymgmt is the
 * one fetched (our provider loaded first, or a property query that prefers
 * it), the signature algorithm must come from us too: without it libssl
 * knows no ML-DSA certificate type at all, OpenSSL 3.5's own keys included
 * ("ssl_set_cert: unknown certificate type").  With it, whichever provider
 * wins the fetch supplies the algorithm, and each key signs and verifies
 * through its own provider.
 *
 * The list is given only when the libcrypto we run in is 3.2 or later (the
 * module may be built against 3.0's headers and loaded into 3.5): the
 * libssl of OpenSSL 3.0 and 3.1 has no provider signature algorithms, so
 * there the provider claims none.  Other capabilities (TLS-GROUP) we do not
 * have: an empty list, and success, as libssl needs from every provider.
 */
#include <strings.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>
#include "prov_local.h"

/* The parameter names of TLS-SIGALG (OpenSSL 3.2's core_names.h). */
#ifndef OSSL_CAPABILITY_TLS_SIGALG_IANA_NAME
# define OSSL_CAPABILITY_TLS_SIGALG_IANA_NAME "tls-sigalg-iana-name"
# define OSSL_CAPABILITY_TLS_SIGALG_NAME "tls-sigalg-name"
# define OSSL_CAPABILITY_TLS_SIGALG_OID "tls-sigalg-oid"
# define OSSL_CAPABILITY_TLS_SIGALG_CODE_POINT "tls-sigalg-code-point"
# define OSSL_CAPABILITY_TLS_SIGALG_SECURITY_BITS "tls-sigalg-sec-bits"
# define OSSL_CAPABILITY_TLS_SIGALG_MIN_TLS "tls-min-tls"
# define OSSL_CAPABILITY_TLS_SIGALG_MAX_TLS "tls-max-tls"
# define OSSL_CAPABILITY_TLS_SIGALG_MIN_DTLS "tls-min-dtls"
# define OSSL_CAPABILITY_TLS_SIGALG_MAX_DTLS "tls-max-dtls"
#endif

/* The first libcrypto whose libssl takes signature algorithms from providers. */
#define OPENSSL_3_2 0x30200000L

/*
 * One signature algorithm's numbers: its TLS code point and strength, and
 * the TLS versions it is for (1.3 and every later one; no DTLS).
 */
typedef struct {
    unsigned int code_point;
    unsigned int security_bits;
    int min_tls, max_tls, min_dtls, max_dtls;
} SIGALG_NUMBERS;

#define NO_MAX 0        /* max-tls 0: no upper bound */
#define NO_DTLS (-1)

static const SIGALG_NUMBERS numbers[PROV_NPARAMS] = {
    { 0x0904, 128, TLS1_3_VERSION, NO_MAX, NO_DTLS, NO_DTLS },
    { 0x0905, 192, TLS1_3_VERSION, NO_MAX, NO_DTLS, NO_DTLS },
    { 0x0906, 256, TLS1_3_VERSION, NO_MAX, NO_DTLS, NO_DTLS },
};

/* The TLS-SIGALG entry of set i: the IANA name, OpenSSL's name and OID. */
#define SIGALG(i, iana, name, oid)                                             \
    {                                                                          \
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_SIGALG_IANA_NAME,           \
                               (char *)(iana), sizeof(iana)),                  \
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_SIGALG_NAME,                \
                               (char *)(name), sizeof(name)),                  \
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_SIGALG_OID,                 \
                               (char *)(oid), sizeof(oid)),                    \
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_SIGALG_CODE_POINT,                 \
                        (unsigned int *)&numbers[i].code_point),               \
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_SIGALG_SECURITY_BITS,              \
                        (unsigned int *)&numbers[i].security_bits),            \
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_SIGALG_MIN_TLS, (int *)&numbers[i].min_tls), \
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_SIGALG_MAX_TLS, (int *)&numbers[i].max_tls), \
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_SIGALG_MIN_DTLS, (int *)&numbers[i].min_dtls), \
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_SIGALG_MAX_DTLS, (int *)&numbers[i].max_dtls), \
        OSSL_PARAM_END                                                         \
    }

/* The names and OIDs are ossl_prov_algs' (RFC 9881 section 2). */
static const OSSL_PARAM sigalgs[PROV_NPARAMS][10] = {
    SIGALG(0, "mldsa44", "ML-DSA-44", "2.16.840.1.101.3.4.3.17"),
    SIGALG(1, "mldsa65", "ML-DSA-65", "2.16.840.1.101.3.4.3.18"),
    SIGALG(2, "mldsa87", "ML-DSA-87", "2.16.840.1.101.3.4.3.19"),
};

/*
 * Give cb each TLS-SIGALG entry (on a libcrypto of 3.2 or later), nothing
 * for another capability; 0 when cb fails, 1 otherwise.
 */
int ossl_prov_get_capabilities(void *provctx, const char *capability,
                               OSSL_CALLBACK *cb, void *arg)
{
    (void)provctx;
    if (strcasecmp(capability, "TLS-SIGALG") != 0 || OpenSSL_version_num() < OPENSSL_3_2)
        return 1;
    for (size_t i = 0; i < PROV_NPARAMS; i++)
        if (!cb(sigalgs[i], arg))
            return 0;
    return 1;
}
