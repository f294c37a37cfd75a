/*
 * The provider's configuration and the private key forms it reads and
 * writes.  The settings are OpenSSL 3.5's, read once at start from the
 * provider's section of openssl.cnf (through OSSL_FUNC_CORE_GET_PARAMS):
 *
 *   ml-dsa.retain_seed    keep the seed of a key made from one (default yes)
 *   ml-dsa.prefer_seed    import a seed given with an expanded key from the
 *                         seed, the expanded key checked against it (yes)
 *   ml-dsa.input_formats  the PKCS#8 forms accepted (default all)
 *   ml-dsa.output_formats the forms written, first usable one wins
 *                         (default seed-only, then priv-only: RFC 9881's
 *                         recommended form, which every reader takes,
 *                         when the key has its seed; OpenSSL 3.5's default
 *                         is seed-priv, then priv-only)
 *
 * Form names: seed-priv, priv-only, oqskeypair, seed-only, bare-priv,
 * bare-seed (the RFC 9881 forms are both, expandedKey and seed; the others
 * are legacy, read only).  Lists are separated by commas or blanks.
 */
#include <stdio.h>
#include <string.h>
#include <openssl/params.h>
#include "prov_local.h"

static const char *const form_names[PROV_FORM_COUNT] = {
    "seed-priv", "priv-only", "oqskeypair", "seed-only", "bare-priv", "bare-seed"
};

#define LIST_SEPARATORS ", \t"

/* The name of form in ml-dsa.input_formats / output_formats. */
const char *ossl_prov_form_name(PROV_FORM form)
{
    return form_names[form];
}

/* OpenSSL 3.5's boolean words; -1 for another. */
static int parse_bool(const char *s)
{
    static const char *const yes[] = { "1", "yes", "true", "on" };
    static const char *const no[] = { "0", "no", "false", "off" };

    for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
        if (strcmp(s, yes[i]) == 0)
            return 1;
        if (strcmp(s, no[i]) == 0)
            return 0;
    }
    return -1;
}

/*
 * Parse the form list s into forms (in order, each once); 1, or 0 with the
 * setting's error written to err (errlen bytes) for a name that is no form.
 */
int ossl_prov_parse_forms(char *err, size_t errlen, const char *setting, const char *s,
                          PROV_FORM *forms, size_t *n)
{
    unsigned int seen = 0;
    size_t len, f;

    *n = 0;
    for (s += strspn(s, LIST_SEPARATORS); *s != '\0';
         s += len, s += strspn(s, LIST_SEPARATORS)) {
        len = strcspn(s, LIST_SEPARATORS);
        for (f = 0; f < PROV_FORM_COUNT; f++)
            if (strlen(form_names[f]) == len && strncmp(s, form_names[f], len) == 0)
                break;
        if (f == PROV_FORM_COUNT) {
            snprintf(err, errlen, "%s: unknown format '%.*s'", setting, (int)len, s);
            return 0;
        }
        if (!(seen & (1u << f)))
            forms[(*n)++] = (PROV_FORM)f;
        seen |= 1u << f;
    }
    return 1;
}

/* A boolean setting into *out; 0 with the error kept for another word. */
static int read_bool(PROV_CTX *ctx, const char *setting, const char *value, int *out)
{
    if (value == NULL)
        return 1;
    if ((*out = parse_bool(value)) >= 0)
        return 1;
    snprintf(ctx->config_error, sizeof(ctx->config_error), "%s: '%s' is not yes or no",
             setting, value);
    return 0;
}

/* Read the ml-dsa.* settings into ctx, the defaults where absent; a bad
 * value is kept in ctx->config_error. */
void ossl_prov_config_read(PROV_CTX *ctx, const OSSL_DISPATCH *in)
{
    OSSL_FUNC_core_get_params_fn *get_params = NULL;
    const char *retain = NULL, *prefer = NULL, *input = NULL, *output = NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_ptr("ml-dsa.retain_seed", &retain, 0),
        OSSL_PARAM_utf8_ptr("ml-dsa.prefer_seed", &prefer, 0),
        OSSL_PARAM_utf8_ptr("ml-dsa.input_formats", &input, 0),
        OSSL_PARAM_utf8_ptr("ml-dsa.output_formats", &output, 0),
        OSSL_PARAM_END
    };
    static const PROV_FORM default_output[] = { PROV_FORM_SEED_ONLY, PROV_FORM_PRIV_ONLY };
    PROV_FORM forms[PROV_FORM_COUNT];
    size_t n;

    ctx->config_error[0] = '\0';
    ctx->retain_seed = 1;
    ctx->prefer_seed = 1;
    ctx->input_forms = (1u << PROV_FORM_COUNT) - 1;
    for (n = 0; n < sizeof(default_output) / sizeof(default_output[0]); n++)
        ctx->output_forms[n] = default_output[n];
    ctx->n_output_forms = n;
    for (; in->function_id != 0; in++)
        if (in->function_id == OSSL_FUNC_CORE_GET_PARAMS)
            get_params = OSSL_FUNC_core_get_params(in);
    if (get_params == NULL || !get_params(ctx->handle, params)
        || !read_bool(ctx, "ml-dsa.retain_seed", retain, &ctx->retain_seed)
        || !read_bool(ctx, "ml-dsa.prefer_seed", prefer, &ctx->prefer_seed))
        return;
    if (input != NULL
        && ossl_prov_parse_forms(ctx->config_error, sizeof(ctx->config_error),
                                 "ml-dsa.input_formats", input, forms, &n)) {
        ctx->input_forms = 0;
        while (n > 0)
            ctx->input_forms |= 1u << forms[--n];
    }
    if (output != NULL)
        (void)ossl_prov_parse_forms(ctx->config_error, sizeof(ctx->config_error),
                                    "ml-dsa.output_formats", output, ctx->output_forms,
                                    &ctx->n_output_forms);
}

/* DER header bytes: an OCTET STRING or SEQUENCE of 256..65535 bytes. */
#define DER_LONG_HEADER 4
#define DER_SEED_HEADER 2
#define TAG_SEED 0x80         /* [0] IMPLICIT OCTET STRING */
#define TAG_OCTET_STRING 0x04
#define TAG_SEQUENCE 0x30
#define DER_LENGTH_2_BYTES 0x82

/*
 * Which form the privateKey contents are (RFC 9881 section 6 and the
 * legacy forms OpenSSL 3.5 reads), told by length and leading tag as 3.5
 * tells them; -1 for none (the library then says what is wrong).
 */
int ossl_prov_form_of(const PROV_ALG *alg, const unsigned char *priv,
                      size_t privlen)
{
    size_t sklen = mldsa_secret_key_bytes(alg->param);
    size_t pklen = mldsa_public_key_bytes(alg->param);
    int long_tag = privlen >= DER_LONG_HEADER && priv[1] == DER_LENGTH_2_BYTES;

    if (privlen == MLDSA_SEED_BYTES)
        return PROV_FORM_BARE_SEED;
    if (privlen == sklen)
        return PROV_FORM_BARE_PRIV;
    if (privlen == DER_SEED_HEADER + MLDSA_SEED_BYTES && priv[0] == TAG_SEED)
        return PROV_FORM_SEED_ONLY;
    if (long_tag && priv[0] == TAG_OCTET_STRING && privlen == DER_LONG_HEADER + sklen)
        return PROV_FORM_PRIV_ONLY;
    if (long_tag && priv[0] == TAG_OCTET_STRING
        && privlen == DER_LONG_HEADER + sklen + pklen)
        return PROV_FORM_OQS_KEYPAIR;
    if (long_tag && priv[0] == TAG_SEQUENCE
        && privlen == DER_LONG_HEADER + DER_SEED_HEADER + MLDSA_SEED_BYTES
                      + DER_LONG_HEADER + sklen)
        return PROV_FORM_SEED_PRIV;
    return -1;
}

/*
 * The first of the n forms (forms NULL: those of ml-dsa.output_formats) that
 * this key can be written in (seed-priv and seed-only need the seed; the
 * legacy forms are not written).
 */
int ossl_prov_output_format(const PROV_KEY *pkey, const PROV_FORM *forms, size_t n,
                            mldsa_key_format *format)
{
    int seed = ossl_prov_key_has_seed(pkey);

    if (!ossl_prov_config_check(pkey->provctx))
        return 0;
    if (forms == NULL) {
        forms = pkey->provctx->output_forms;
        n = pkey->provctx->n_output_forms;
    }
    for (size_t i = 0; i < n; i++) {
        switch (forms[i]) {
        case PROV_FORM_SEED_PRIV:
            if (!seed)
                continue;
            *format = MLDSA_KEY_FORMAT_BOTH;
            return 1;
        case PROV_FORM_PRIV_ONLY:
            *format = MLDSA_KEY_FORMAT_EXPANDED;
            return 1;
        case PROV_FORM_SEED_ONLY:
            if (!seed)
                continue;
            *format = MLDSA_KEY_FORMAT_SEED;
            return 1;
        default:
            continue;
        }
    }
    PROV_RAISE(pkey->provctx, PROV_R_NO_FORMAT,
               "%s: ml-dsa.output_formats has no form this key can be written in%s",
               pkey->alg->name, seed ? "" : " (it has no seed)");
    return 0;
}
