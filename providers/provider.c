/*
 * The provider's entry point and its algorithm tables: OSSL_provider_init,
 * the only symbol mldsa.so exports.  It takes the core's functions it uses,
 * reads the configuration, makes a child library context (for the ciphers
 * of EncryptedPrivateKeyInfo), and registers the three OIDs and signature
 * algorithms through the core (OBJ_create, OBJ_add_sigid), which OpenSSL
 * 3.0 - 3.4 do not know and X.509 and CMS look up; on 3.5 and later they
 * are known already and the calls change nothing.  Algorithms: a keymgmt,
 * a signature, the encoders and the decoders for each parameter set, all
 * with the property provider=mldsa; OSSL_PROVIDER_self_test runs the
 * library's known-answer tests; the TLS signature algorithms are in
 * capabilities.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include "prov_local.h"

#define PROV_VERSION MLDSA_VERSION_STRING
#define PROV_FULL_NAME "libmldsa ML-DSA provider"

/* One operation for each set: its own tables (PER_SET) or one table (SHARED). */
#define PER_SET(props, kind, desc)                                              \
    { PROV_NAMES_44, PROV_PROPERTIES props, ossl_prov_##kind##_44_functions, desc }, \
    { PROV_NAMES_65, PROV_PROPERTIES props, ossl_prov_##kind##_65_functions, desc }, \
    { PROV_NAMES_87, PROV_PROPERTIES props, ossl_prov_##kind##_87_functions, desc }
#define SHARED(props, fns, desc)                                                \
    { PROV_NAMES_44, PROV_PROPERTIES props, fns, desc },                        \
    { PROV_NAMES_65, PROV_PROPERTIES props, fns, desc },                        \
    { PROV_NAMES_87, PROV_PROPERTIES props, fns, desc }

static const OSSL_ALGORITHM keymgmt_algs[] = {
    PER_SET("", keymgmt, "ML-DSA (FIPS 204) keys, libmldsa"),
    { NULL, NULL, NULL, NULL }
};

static const OSSL_ALGORITHM signature_algs[] = {
    PER_SET("", signature, "ML-DSA (FIPS 204) signatures, libmldsa"),
    { NULL, NULL, NULL, NULL }
};

static const OSSL_ALGORITHM encoder_algs[] = {
    SHARED(",output=der,structure=SubjectPublicKeyInfo",
           ossl_prov_spki_der_encoder_functions, "SubjectPublicKeyInfo, DER"),
    SHARED(",output=pem,structure=SubjectPublicKeyInfo",
           ossl_prov_spki_pem_encoder_functions, "SubjectPublicKeyInfo, PEM"),
    SHARED(",output=der,structure=PrivateKeyInfo",
           ossl_prov_pki_der_encoder_functions, "PKCS#8 PrivateKeyInfo, DER"),
    SHARED(",output=pem,structure=PrivateKeyInfo",
           ossl_prov_pki_pem_encoder_functions, "PKCS#8 PrivateKeyInfo, PEM"),
    SHARED(",output=der,structure=EncryptedPrivateKeyInfo",
           ossl_prov_epki_der_encoder_functions, "PKCS#8 EncryptedPrivateKeyInfo, DER"),
    SHARED(",output=pem,structure=EncryptedPrivateKeyInfo",
           ossl_prov_epki_pem_encoder_functions, "PKCS#8 EncryptedPrivateKeyInfo, PEM"),
    SHARED(",output=text", ossl_prov_text_encoder_functions, "text"),
    { NULL, NULL, NULL, NULL }
};

static const OSSL_ALGORITHM decoder_algs[] = {
    PER_SET(",input=der,structure=SubjectPublicKeyInfo", spki_der_decoder,
            "SubjectPublicKeyInfo, DER"),
    PER_SET(",input=der,structure=PrivateKeyInfo", pki_der_decoder,
            "PKCS#8 PrivateKeyInfo, DER"),
    PER_SET(",input=pem,structure=SubjectPublicKeyInfo", spki_pem_decoder,
            "SubjectPublicKeyInfo, PEM"),
    PER_SET(",input=pem,structure=PrivateKeyInfo", pki_pem_decoder,
            "PKCS#8 PrivateKeyInfo, PEM"),
    { NULL, NULL, NULL, NULL }
};

static OSSL_FUNC_provider_teardown_fn prov_teardown;
static OSSL_FUNC_provider_gettable_params_fn prov_gettable_params;
static OSSL_FUNC_provider_get_params_fn prov_get_params;
static OSSL_FUNC_provider_query_operation_fn prov_query_operation;
static OSSL_FUNC_provider_get_reason_strings_fn prov_get_reason_strings;
static OSSL_FUNC_provider_self_test_fn prov_self_test;

static void prov_teardown(void *provctx)
{
    PROV_CTX *ctx = provctx;

    OSSL_LIB_CTX_free(ctx->libctx);
    free(ctx);
}

static const OSSL_PARAM *prov_gettable_params(void *provctx)
{
    static const OSSL_PARAM gettable[] = {
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
        OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, NULL),
        OSSL_PARAM_END
    };

    (void)provctx;
    return gettable;
}

/*
 * name, version, buildinfo (the library's: kernel and backend), status:
 * constant strings, or the provider context's, valid while it is loaded.
 */
static int prov_get_params(void *provctx, OSSL_PARAM params[])
{
    const PROV_CTX *ctx = provctx;
    OSSL_PARAM *p;

    if (((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) != NULL
         && !OSSL_PARAM_set_utf8_ptr(p, PROV_FULL_NAME))
        || ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) != NULL
            && !OSSL_PARAM_set_utf8_ptr(p, PROV_VERSION))
        || ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) != NULL
            && !OSSL_PARAM_set_utf8_ptr(p, ctx->buildinfo))
        || ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) != NULL
            && !OSSL_PARAM_set_int(p, 1)))
        return 0;
    return 1;
}

static const OSSL_ALGORITHM *prov_query_operation(void *provctx, int operation_id,
                                                  int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_KEYMGMT:
        return keymgmt_algs;
    case OSSL_OP_SIGNATURE:
        return signature_algs;
    case OSSL_OP_ENCODER:
        return encoder_algs;
    case OSSL_OP_DECODER:
        return decoder_algs;
    }
    return NULL;
}

static const OSSL_ITEM *prov_get_reason_strings(void *provctx)
{
    (void)provctx;
    return ossl_prov_reason_strings;
}

/* OSSL_PROVIDER_self_test: the library's known-answer tests (mldsa_self_test). */
static int prov_self_test(void *provctx)
{
    int ret = mldsa_self_test();

    if (ret != MLDSA_OK)
        PROV_RAISE(provctx, PROV_R_SELF_TEST, "%s", mldsa_strerror(ret));
    return ret == MLDSA_OK;
}

static const OSSL_DISPATCH prov_functions[] = {
    { OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))prov_teardown },
    { OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))prov_gettable_params },
    { OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))prov_get_params },
    { OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))prov_query_operation },
    { OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))prov_get_reason_strings },
    { OSSL_FUNC_PROVIDER_SELF_TEST, (void (*)(void))prov_self_test },
    { OSSL_FUNC_PROVIDER_GET_CAPABILITIES, (void (*)(void))ossl_prov_get_capabilities },
    { 0, NULL }
};

/*
 * Register id-ml-dsa-NN (RFC 9881 section 2) with OpenSSL's object table
 * under 3.5's short and long names, and as a signature algorithm that is
 * its own key type with no digest (as Ed25519 is), through the core.
 */
static int register_objects(const PROV_CTX *ctx, const OSSL_DISPATCH *in)
{
    OSSL_FUNC_core_obj_create_fn *obj_create = NULL;
    OSSL_FUNC_core_obj_add_sigid_fn *obj_add_sigid = NULL;

    for (; in->function_id != 0; in++) {
        if (in->function_id == OSSL_FUNC_CORE_OBJ_CREATE)
            obj_create = OSSL_FUNC_core_obj_create(in);
        else if (in->function_id == OSSL_FUNC_CORE_OBJ_ADD_SIGID)
            obj_add_sigid = OSSL_FUNC_core_obj_add_sigid(in);
    }
    if (obj_create == NULL || obj_add_sigid == NULL)
        return 1;   /* a core without them: X.509 then knows no ML-DSA */
    for (size_t i = 0; i < PROV_NPARAMS; i++) {
        const PROV_ALG *alg = &ossl_prov_algs[i];

        if (!obj_create(ctx->handle, alg->oid, alg->sn, alg->name)
            || !obj_add_sigid(ctx->handle, alg->oid, "", alg->oid)) {
            PROV_RAISE(ctx, PROV_R_NOT_SUPPORTED, "cannot register %s (%s)",
                       alg->name, alg->oid);
            return 0;
        }
    }
    return 1;
}

/* The module's entry: fill the provider context and give the core our table. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((visibility("default")))
#endif
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    const OSSL_DISPATCH *f;
    PROV_CTX *ctx;

    if ((ctx = calloc(1, sizeof(*ctx))) == NULL)
        return 0;
    ctx->handle = handle;
    for (f = in; f->function_id != 0; f++) {
        switch (f->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR:
            ctx->new_error = OSSL_FUNC_core_new_error(f);
            break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
            ctx->set_error_debug = OSSL_FUNC_core_set_error_debug(f);
            break;
        case OSSL_FUNC_CORE_VSET_ERROR:
            ctx->vset_error = OSSL_FUNC_core_vset_error(f);
            break;
        case OSSL_FUNC_BIO_READ_EX:
            ctx->bio_read_ex = OSSL_FUNC_BIO_read_ex(f);
            break;
        case OSSL_FUNC_BIO_WRITE_EX:
            ctx->bio_write_ex = OSSL_FUNC_BIO_write_ex(f);
            break;
        }
    }
    ossl_prov_config_read(ctx, in);
    snprintf(ctx->buildinfo, sizeof(ctx->buildinfo), "%s", mldsa_build_info());
    if (!register_objects(ctx, in)
        || (ctx->libctx = OSSL_LIB_CTX_new_child(handle, in)) == NULL) {
        free(ctx);
        return 0;
    }
    *out = prov_functions;
    *provctx = ctx;
    return 1;
}
