/*
 * Errors: the provider's reason codes and their strings (which the core
 * registers under the provider's own library number, from
 * OSSL_FUNC_PROVIDER_GET_REASON_STRINGS), raised through the core's error
 * functions (OSSL_FUNC_CORE_NEW_ERROR, _SET_ERROR_DEBUG, _VSET_ERROR), so
 * that a refusal lands on the application's error stack as
 * "mldsa::<reason>:<detail>".  The configuration's kept error is raised
 * here too (ossl_prov_config_check), below formats.c and key.c.
 */
#include "prov_local.h"

const OSSL_ITEM ossl_prov_reason_strings[] = {
    { PROV_R_BAD_KEY, "invalid ML-DSA key" },
    { PROV_R_WRONG_KEY_TYPE, "key of another ML-DSA parameter set" },
    { PROV_R_NO_KEY, "no key, or no private key, for this operation" },
    { PROV_R_BAD_LENGTH, "wrong length" },
    { PROV_R_BAD_PARAMETER, "invalid parameter" },
    { PROV_R_DIGEST_NOT_ALLOWED, "explicit digest not supported for ML-DSA" },
    { PROV_R_NOT_SUPPORTED, "operation not supported" },
    { PROV_R_NO_FORMAT, "no enabled ML-DSA private key format" },
    { PROV_R_KEYGEN_FAILED, "ML-DSA key generation failed" },
    { PROV_R_SIGN_FAILED, "ML-DSA signing failed" },
    { PROV_R_ENCODE_FAILED, "cannot encode the key" },
    { PROV_R_PASSPHRASE, "unable to get a passphrase" },
    { PROV_R_MEMORY, "out of memory" },
    { PROV_R_SELF_TEST, "ML-DSA self-test failed" },
    { PROV_R_FINISHED, "final already called: initialise again" },
    { 0, NULL }
};

/*
 * Put reason on the error stack with file, line, function and the
 * formatted detail (OpenSSL's ERR_raise_data, through the core).
 */
void ossl_prov_raise(const PROV_CTX *ctx, int reason, const char *file,
                     int line, const char *func, const char *fmt, ...)
{
    va_list args;

    if (ctx == NULL || ctx->new_error == NULL || ctx->vset_error == NULL)
        return;
    ctx->new_error(ctx->handle);
    if (ctx->set_error_debug != NULL)
        ctx->set_error_debug(ctx->handle, file, line, func);
    va_start(args, fmt);
    ctx->vset_error(ctx->handle, (uint32_t)reason, fmt, args);
    va_end(args);
}

/* Raise the configuration's error, if it has one. */
int ossl_prov_config_check(const PROV_CTX *ctx)
{
    if (ctx->config_error[0] == '\0')
        return 1;
    PROV_RAISE(ctx, PROV_R_BAD_PARAMETER, "openssl.cnf: %s", ctx->config_error);
    return 0;
}
