/*
 * The OpenSSL 3 provider "mldsa" (providers/mldsa.so): what its parts
 * share.  The provider is built on include/mldsa.h alone; libcrypto is used
 * for the OpenSSL side of the interface (OSSL_PARAM, and the PKCS#8
 * encryption of EncryptedPrivateKeyInfo).  Nothing here is mutable once
 * made: the provider context is filled by OSSL_provider_init, a key once
 * its MLDSA_KEY is set, so both may be used from many threads at once.
 */
#ifndef MLDSA_PROV_LOCAL_H
#define MLDSA_PROV_LOCAL_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include "mldsa.h"

#define PROV_NAME "mldsa"
/* The property every algorithm of this provider carries. */
#define PROV_PROPERTIES "provider=mldsa"
#define PROV_NPARAMS 3
/* Room for the buildinfo parameter (mldsa_build_info() is one short line). */
#define PROV_BUILDINFO_MAX 384

/* Each set's names as OpenSSL 3.5 has them: name, alias, OID, OID short name. */
#define PROV_NAMES_44 "ML-DSA-44:MLDSA44:2.16.840.1.101.3.4.3.17:id-ml-dsa-44"
#define PROV_NAMES_65 "ML-DSA-65:MLDSA65:2.16.840.1.101.3.4.3.18:id-ml-dsa-65"
#define PROV_NAMES_87 "ML-DSA-87:MLDSA87:2.16.840.1.101.3.4.3.19:id-ml-dsa-87"

/* DER of AlgorithmIdentifier { id-ml-dsa-NN } with absent parameters. */
#define PROV_ALG_ID_BYTES 13

/* One parameter set, named as OpenSSL 3.5 names it. */
typedef struct {
    mldsa_param param;
    const char *name;          /* "ML-DSA-44": the canonical name */
    const char *oid;           /* "2.16.840.1.101.3.4.3.17" */
    const char *sn;            /* the OID's short name, "id-ml-dsa-44" */
    int security_bits;         /* 128 / 192 / 256 */
    int security_category;     /* NIST category: 2 / 3 / 5 */
    unsigned char alg_id[PROV_ALG_ID_BYTES];
} PROV_ALG;

/* The three parameter sets, ML-DSA-44, -65, -87 in that order. */
extern const PROV_ALG ossl_prov_algs[PROV_NPARAMS];
/* The entry of param; NULL for none. */
const PROV_ALG *ossl_prov_alg(mldsa_param param);

/*
 * The forms of a PKCS#8 privateKey, named as OpenSSL 3.5's
 * ml-dsa.input_formats / ml-dsa.output_formats name them: the three of
 * RFC 9881 (both, expandedKey, seed) and the legacy input-only ones.
 */
typedef enum {
    PROV_FORM_SEED_PRIV,   /* both SEQUENCE { seed, expandedKey } */
    PROV_FORM_PRIV_ONLY,   /* expandedKey OCTET STRING */
    PROV_FORM_OQS_KEYPAIR, /* OCTET STRING of expanded key || public key */
    PROV_FORM_SEED_ONLY,   /* seed [0] IMPLICIT OCTET STRING */
    PROV_FORM_BARE_PRIV,   /* the expanded key, untagged */
    PROV_FORM_BARE_SEED,   /* the seed, untagged */
    PROV_FORM_COUNT
} PROV_FORM;

/* The provider context: the core's functions and the configuration. */
typedef struct {
    const OSSL_CORE_HANDLE *handle;
    OSSL_LIB_CTX *libctx;      /* child of the application's: ciphers, PBKDF2 */
    OSSL_FUNC_core_new_error_fn *new_error;
    OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
    OSSL_FUNC_core_vset_error_fn *vset_error;
    OSSL_FUNC_BIO_read_ex_fn *bio_read_ex;
    OSSL_FUNC_BIO_write_ex_fn *bio_write_ex;
    /* ml-dsa.retain_seed, ml-dsa.prefer_seed (default yes) */
    int retain_seed;
    int prefer_seed;
    /* ml-dsa.input_formats: a bit (1 << PROV_FORM) per form accepted */
    unsigned int input_forms;
    /* ml-dsa.output_formats: the forms to write, in order of preference */
    PROV_FORM output_forms[PROV_FORM_COUNT];
    size_t n_output_forms;
    /* a bad setting, said by every key operation (empty when all is well) */
    char config_error[128];
    /* the buildinfo parameter: mldsa_build_info() at load, whose own
     * buffer is the calling thread's and ends with it */
    char buildinfo[PROV_BUILDINFO_MAX];
} PROV_CTX;

/*
 * A key as the core holds it (the keymgmt's keydata): one parameter set and
 * our key object, made once and then only read.  Reference counted, so that
 * a dup shares the expanded key instead of expanding it again.
 */
typedef struct {
    atomic_int refs;
    const PROV_ALG *alg;
    const PROV_CTX *provctx;
    MLDSA_KEY *key;            /* NULL until generated, imported or decoded */
} PROV_KEY;

PROV_KEY *ossl_prov_key_new(const PROV_CTX *provctx, const PROV_ALG *alg);
PROV_KEY *ossl_prov_key_up_ref(PROV_KEY *pkey);
void ossl_prov_key_free(PROV_KEY *pkey);
/* Give pkey its key object (pkey must have none), dropping the seed when
 * ml-dsa.retain_seed is off; key is consumed.  1 on success. */
int ossl_prov_key_set(PROV_KEY *pkey, MLDSA_KEY *key);
/* 1 when the key has a seed the provider may use. */
int ossl_prov_key_has_seed(const PROV_KEY *pkey);

/* Configuration (formats.c): ml-dsa.* of the provider's config section.
 * A bad value does not stop the provider (OpenSSL 3.0 would drop the reason
 * with it): it is kept, and ossl_prov_config_check raises it. */
void ossl_prov_config_read(PROV_CTX *ctx, const OSSL_DISPATCH *in);
/* 1 when the configuration is good; 0 with its error raised otherwise
 * (errors.c: below both formats.c and key.c, which check it). */
int ossl_prov_config_check(const PROV_CTX *ctx);
const char *ossl_prov_form_name(PROV_FORM form);
/* The form of the privateKey contents priv (privlen bytes) of alg; -1 when
 * it is none of them. */
int ossl_prov_form_of(const PROV_ALG *alg, const unsigned char *priv,
                      size_t privlen);
/* The form to write pkey's private key in, the first of the n forms that
 * fits it (forms NULL: ml-dsa.output_formats'); 0 (with an error raised)
 * when none does. */
int ossl_prov_output_format(const PROV_KEY *pkey, const PROV_FORM *forms, size_t n,
                            mldsa_key_format *format);
/* The list of form names s into forms (each once, in order; room for
 * PROV_FORM_COUNT) and *n; 0 with "setting: unknown format ..." in err
 * (errlen bytes) for a name that is none. */
int ossl_prov_parse_forms(char *err, size_t errlen, const char *setting, const char *s,
                          PROV_FORM *forms, size_t *n);

/* capabilities.c: the TLS-SIGALG capability (on OpenSSL 3.2 and later). */
OSSL_FUNC_provider_get_capabilities_fn ossl_prov_get_capabilities;

/* Errors (errors.c): a reason code of this provider, and a detail. */
enum {
    PROV_R_BAD_KEY = 1,         /* key material the library refuses */
    PROV_R_WRONG_KEY_TYPE,      /* a key of another parameter set */
    PROV_R_NO_KEY,              /* no key, or no secret key, where one is needed */
    PROV_R_BAD_LENGTH,          /* a seed, key, context or buffer of the wrong length */
    PROV_R_BAD_PARAMETER,       /* a parameter of the wrong type or value */
    PROV_R_DIGEST_NOT_ALLOWED,  /* an explicit digest for pure ML-DSA */
    PROV_R_NOT_SUPPORTED,       /* an operation this mode does not have */
    PROV_R_NO_FORMAT,           /* no enabled private key format fits */
    PROV_R_KEYGEN_FAILED,
    PROV_R_SIGN_FAILED,
    PROV_R_ENCODE_FAILED,
    PROV_R_PASSPHRASE,          /* no passphrase for encryption */
    PROV_R_MEMORY,
    PROV_R_SELF_TEST,           /* the library's known-answer tests failed */
    PROV_R_FINISHED             /* update or final after a message's final */
};
extern const OSSL_ITEM ossl_prov_reason_strings[];
/* Raise reason on OpenSSL's error stack through the core, with a detail. */
void ossl_prov_raise(const PROV_CTX *ctx, int reason, const char *file,
                     int line, const char *func, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
#define PROV_RAISE(ctx, reason, ...) \
    ossl_prov_raise((ctx), (reason), __FILE__, __LINE__, __func__, __VA_ARGS__)

/* The core's BIOs (bio.c). */
/* All of in, up to max bytes, into a new buffer (*len bytes); 0 when it
 * cannot be read or is longer than max. */
int ossl_prov_bio_read_all(const PROV_CTX *ctx, OSSL_CORE_BIO *in, size_t max,
                           unsigned char **data, size_t *len);
int ossl_prov_bio_write(const PROV_CTX *ctx, OSSL_CORE_BIO *out,
                        const void *data, size_t len);

/*
 * The dispatch tables.  The keymgmt, signature and decoder ones are per
 * parameter set (their contexts know it); the encoders, which get the key,
 * are per structure and output only.
 */
#define PROV_PER_PARAM(kind) \
    extern const OSSL_DISPATCH ossl_prov_##kind##_44_functions[]; \
    extern const OSSL_DISPATCH ossl_prov_##kind##_65_functions[]; \
    extern const OSSL_DISPATCH ossl_prov_##kind##_87_functions[]
PROV_PER_PARAM(keymgmt);
PROV_PER_PARAM(signature);
PROV_PER_PARAM(spki_der_decoder);
PROV_PER_PARAM(pki_der_decoder);
PROV_PER_PARAM(spki_pem_decoder);
PROV_PER_PARAM(pki_pem_decoder);
extern const OSSL_DISPATCH ossl_prov_spki_der_encoder_functions[];
extern const OSSL_DISPATCH ossl_prov_spki_pem_encoder_functions[];
extern const OSSL_DISPATCH ossl_prov_pki_der_encoder_functions[];
extern const OSSL_DISPATCH ossl_prov_pki_pem_encoder_functions[];
extern const OSSL_DISPATCH ossl_prov_epki_der_encoder_functions[];
extern const OSSL_DISPATCH ossl_prov_epki_pem_encoder_functions[];
extern const OSSL_DISPATCH ossl_prov_text_encoder_functions[];

/* keymgmt.c: the import of decoded keys into the keymgmt ("load"). */
void *ossl_prov_key_load(const void *reference, size_t reference_sz);
/* keymgmt.c: export pkey's selection to cb (for decoders' export_object). */
int ossl_prov_key_export(void *keydata, int selection, OSSL_CALLBACK *cb,
                         void *cbarg);

#endif /* MLDSA_PROV_LOCAL_H */
