/*
 * mldsa keygen, pubkey and pkey: make keys, and move them between PEM, DER
 * and raw forms (RFC 9881 seed, expanded or both), like `openssl genpkey`
 * and `openssl pkey`.
 */
#include <stdlib.h>
#include <string.h>
#include "apps.h"


static const char keygen_help[] =
    "usage: mldsa keygen -a 44|65|87 [--seed HEX] [-o key] [--pubout pub] [--force]\n"
    "                    [--format pem|der|raw] [--key-format seed|expanded|both]\n"
    "                    [--passout SRC]\n"
    "Generate an ML-DSA key pair (FIPS 204 ML-DSA.KeyGen).\n"
    "  -a SET            parameter set: 44, 65 or 87 (required)\n"
    "  --seed HEX        the 32-byte seed xi (64 hex digits); default: fresh OS randomness\n"
    "  -o FILE           private key output (default '-': stdout); created with mode 0600\n"
    "  --pubout FILE     also write the public key there (both files or neither)\n"
    "  --force           replace an existing private key file\n"
    "  --format F        pem (default), der, or raw (seed or expanded key bytes)\n"
    "  --key-format K    private key form (RFC 9881): seed (default), expanded, both\n"
    "  --passout SRC     encrypt the private key (PKCS#8 PBES2, AES-256-CBC) with the\n"
    "                    password from SRC: pass:TEXT env:VAR file:PATH fd:N stdin\n"
    "                    prompt (asked twice on the terminal, without echo)\n";

static const char pubkey_help[] =
    "usage: mldsa pubkey [-i key | key] [-o pub] [--format pem|der|raw] [-a 44|65|87]\n"
    "                    [--passin SRC]\n"
    "Write the public key (SubjectPublicKeyInfo) of a private or public key.\n"
    "  -i FILE           key in PEM, DER or raw form (default '-': stdin)\n"
    "  -o FILE           output (default '-': stdout)\n"
    "  --format F        pem (default), der, or raw (the encoded public key)\n"
    "  -a SET            parameter set of a raw 32-byte seed input\n"
    "  --passin SRC      password of an encrypted key (default: asked on the terminal)\n";

static const char pkey_help[] =
    "usage: mldsa pkey [-i key | key] [-o out] [--format pem|der|raw] [--force]\n"
    "                  [--key-format seed|expanded|both] [--pubout] [--text] [-a 44|65|87]\n"
    "                  [--passin SRC] [--passout SRC]\n"
    "Convert a key, or print it as text (like openssl pkey).  Reads every form\n"
    "of RFC 9881, the legacy ones (bare seed, bare expanded key, OQS pair) and\n"
    "encrypted PKCS#8.\n"
    "  -i FILE           key in PEM, DER or raw form (default '-': stdin)\n"
    "  -o FILE           output (default '-': stdout); private keys get mode 0600\n"
    "  --force           replace an existing file with a private key\n"
    "  --format F        pem (default), der, or raw\n"
    "  --key-format K    seed, expanded or both; default: seed when the key has one\n"
    "  --pubout          write the public key only\n"
    "  --text            print the seed, expanded key and public key in hex instead\n"
    "  -a SET            parameter set of a raw 32-byte seed input\n"
    "  --passin SRC      password of an encrypted input key\n"
    "  --passout SRC     encrypt the private key output with this password (or prompt)\n";

/*
 * Write the private key (and the public key) both or neither: each is
 * made whole beside its target first; a file is put in place before
 * stdout is written, and a new private key is removed again when its
 * public key cannot be placed.
 */
static int write_pair(const char *out, const uint8_t *priv, size_t privlen,
                      const char *pubout, const uint8_t *pub, size_t publen,
                      int flags)
{
    APP_OUTPUT o, po;
    int ret;

    if ((ret = app_stage(&o, out, priv, privlen, flags | APP_OUT_SECRET)) != 0)
        return ret;
    if (pubout == NULL)
        return app_commit(&o);
    if ((ret = app_stage(&po, pubout, pub, publen, 0)) != 0) {
        app_abandon(&o);
        return ret;
    }
    if (o.direct && !po.direct) {
        if ((ret = app_commit(&po)) != 0) {
            app_abandon(&o);
            return ret;
        }
        return app_commit(&o);
    }
    if ((ret = app_commit(&o)) != 0) {
        app_abandon(&po);
        return ret;
    }
    if ((ret = app_commit(&po)) != 0)
        app_os_unplace(&o.f);
    return ret;
}

int cmd_keygen(int argc, char **argv)
{
    const char *out = APP_STDIO, *pubout = NULL, *passout = NULL, *operand = NULL, *v;
    uint8_t seed[MLDSA_SEED_BYTES];
    uint8_t *priv = NULL, *pub = NULL;
    size_t seedlen = 0, privlen = 0, publen = 0;
    app_format format = APP_FORMAT_PEM;
    mldsa_key_format key_format = MLDSA_KEY_FORMAT_SEED;
    mldsa_param param = 0;
    MLDSA_KEY *key = NULL;
    int have_param = 0, ended = 0, flags = 0, ret = APP_EXIT_ERROR;

    for (int i = 1; i < argc; i++) {
        if (ended) {
            if (app_operand("keygen", argv, &i, &ended, &operand) != 0)
                goto end;
        } else if (app_is_help(argv[i])) {
            fputs(keygen_help, stdout);
            return APP_EXIT_OK;
        } else if (strcmp(argv[i], "-a") == 0) {
            if ((v = app_optarg("keygen", argc, argv, &i)) == NULL
                || app_parse_param("keygen", v, &param) != 0)
                goto end;
            have_param = 1;
        } else if (strcmp(argv[i], "--seed") == 0) {
            if ((v = app_optarg("keygen", argc, argv, &i)) == NULL
                || app_parse_hex("keygen", "--seed", v, seed, sizeof(seed), &seedlen) != 0)
                goto end;
            if (seedlen != MLDSA_SEED_BYTES) {
                app_usage("keygen", "--seed: %zu bytes, needs 32", seedlen);
                goto end;
            }
        } else if (strcmp(argv[i], "-o") == 0) {
            if ((out = app_optarg("keygen", argc, argv, &i)) == NULL)
                goto end;
        } else if (strcmp(argv[i], "--pubout") == 0) {
            if ((pubout = app_optarg("keygen", argc, argv, &i)) == NULL)
                goto end;
        } else if (strcmp(argv[i], "--passout") == 0) {
            if ((passout = app_optarg("keygen", argc, argv, &i)) == NULL)
                goto end;
        } else if (strcmp(argv[i], "--force") == 0) {
            flags |= APP_OUT_FORCE;
        } else if (strcmp(argv[i], "--format") == 0) {
            if ((v = app_optarg("keygen", argc, argv, &i)) == NULL
                || app_parse_format("keygen", v, &format) != 0)
                goto end;
        } else if (strcmp(argv[i], "--key-format") == 0) {
            if ((v = app_optarg("keygen", argc, argv, &i)) == NULL
                || app_parse_key_format("keygen", v, &key_format) != 0)
                goto end;
        } else if (app_operand("keygen", argv, &i, &ended, &operand) != 0) {
            goto end;
        }
    }
    if (operand != NULL) {
        app_usage("keygen", "unexpected argument '%s'", operand);
        goto end;
    }
    if (!have_param) {
        app_usage("keygen", "the parameter set is required (-a 44|65|87)");
        goto end;
    }
    {
        const char *outs[] = { out, pubout };

        if (app_check_paths("keygen", NULL, 0, outs, 2) != 0)
            goto end;
    }
    if ((ret = mldsa_key_generate(&key, param, seedlen != 0 ? seed : NULL)) != MLDSA_OK) {
        ret = app_error("keygen: %s", mldsa_strerror(ret));
        goto end;
    }
    if ((ret = app_encode_private(key, format, key_format, passout, &priv, &privlen)) != 0
        || (pubout != NULL
            && (ret = app_encode_public(key, format, &pub, &publen)) != 0))
        goto end;
    ret = write_pair(out, priv, privlen, pubout, pub, publen, flags);
 end:
    app_cleanse(seed, sizeof(seed));
    app_cleanse(priv, privlen);
    free(priv);
    free(pub);
    mldsa_key_free(key);
    return ret;
}

int cmd_pubkey(int argc, char **argv)
{
    const char *in = NULL, *out = APP_STDIO, *passin = NULL, *operand = NULL, *v;
    app_format format = APP_FORMAT_PEM;
    mldsa_param param = 0;
    MLDSA_KEY *key = NULL;
    int ended = 0, ret = APP_EXIT_ERROR;

    for (int i = 1; i < argc; i++) {
        if (ended) {
            if (app_operand("pubkey", argv, &i, &ended, &operand) != 0)
                return APP_EXIT_ERROR;
        } else if (app_is_help(argv[i])) {
            fputs(pubkey_help, stdout);
            return APP_EXIT_OK;
        } else if (strcmp(argv[i], "-i") == 0) {
            if ((in = app_optarg("pubkey", argc, argv, &i)) == NULL)
                return APP_EXIT_ERROR;
        } else if (strcmp(argv[i], "-o") == 0) {
            if ((out = app_optarg("pubkey", argc, argv, &i)) == NULL)
                return APP_EXIT_ERROR;
        } else if (strcmp(argv[i], "--passin") == 0) {
            if ((passin = app_optarg("pubkey", argc, argv, &i)) == NULL)
                return APP_EXIT_ERROR;
        } else if (strcmp(argv[i], "--format") == 0) {
            if ((v = app_optarg("pubkey", argc, argv, &i)) == NULL
                || app_parse_format("pubkey", v, &format) != 0)
                return APP_EXIT_ERROR;
        } else if (strcmp(argv[i], "-a") == 0) {
            if ((v = app_optarg("pubkey", argc, argv, &i)) == NULL
                || app_parse_param("pubkey", v, &param) != 0)
                return APP_EXIT_ERROR;
        } else if (app_operand("pubkey", argv, &i, &ended, &operand) != 0) {
            return APP_EXIT_ERROR;
        }
    }
    if (app_set_input("pubkey", operand, &in) != 0)
        return APP_EXIT_ERROR;
    {
        const char *ins[] = { in, app_pass_input(passin) }, *outs[] = { out };

        if (app_check_paths("pubkey", ins, 2, outs, 1) != 0)
            return APP_EXIT_ERROR;
    }
    if ((ret = app_load_key(in, (int)param, passin, &key)) == 0)
        ret = app_write_public(out, key, format);
    mldsa_key_free(key);
    return ret;
}

/*
 * The key as OpenSSL 3.5's `pkey -text -noout` prints it (mldsa_key_to_text):
 * a title, then the seed (when known), the expanded key and the public key.
 * The text is written into one buffer of its exact size, so that no copy of
 * the secret hex is left behind by a growing buffer; it is wiped before it
 * is freed.
 */
static int write_text(const char *out, const MLDSA_KEY *key, int pubonly,
                      int flags)
{
    int secret = !pubonly && mldsa_key_has_secret(key);
    size_t textlen = 0, len;
    char *text = NULL;
    int ret = APP_EXIT_ERROR, rv;

    if ((rv = mldsa_key_to_text(key, secret, NULL, &textlen)) != MLDSA_OK) {
        app_error("cannot read the key: %s", mldsa_strerror(rv));
        return ret;
    }
    if ((text = malloc(textlen)) == NULL) {
        app_error("out of memory");
        return ret;
    }
    len = textlen;
    if ((rv = mldsa_key_to_text(key, secret, text, &len)) != MLDSA_OK)
        app_error("cannot read the key: %s", mldsa_strerror(rv));
    else
        ret = app_write_file(out, text, len, secret ? flags | APP_OUT_SECRET : 0);
    app_cleanse(text, textlen);
    free(text);
    return ret;
}

int cmd_pkey(int argc, char **argv)
{
    const char *in = NULL, *out = APP_STDIO, *passin = NULL, *passout = NULL;
    const char *operand = NULL, *v;
    app_format format = APP_FORMAT_PEM;
    mldsa_key_format key_format = MLDSA_KEY_FORMAT_SEED;
    mldsa_param param = 0;
    MLDSA_KEY *key = NULL;
    int have_key_format = 0, pubout = 0, text = 0, ended = 0, flags = 0;
    int ret = APP_EXIT_ERROR;

    for (int i = 1; i < argc; i++) {
        if (ended) {
            if (app_operand("pkey", argv, &i, &ended, &operand) != 0)
                return APP_EXIT_ERROR;
        } else if (app_is_help(argv[i])) {
            fputs(pkey_help, stdout);
            return APP_EXIT_OK;
        } else if (strcmp(argv[i], "-i") == 0) {
            if ((in = app_optarg("pkey", argc, argv, &i)) == NULL)
                return APP_EXIT_ERROR;
        } else if (strcmp(argv[i], "-o") == 0) {
            if ((out = app_optarg("pkey", argc, argv, &i)) == NULL)
                return APP_EXIT_ERROR;
        } else if (strcmp(argv[i], "--passin") == 0) {
            if ((passin = app_optarg("pkey", argc, argv, &i)) == NULL)
                return APP_EXIT_ERROR;
        } else if (strcmp(argv[i], "--passout") == 0) {
            if ((passout = app_optarg("pkey", argc, argv, &i)) == NULL)
                return APP_EXIT_ERROR;
        } else if (strcmp(argv[i], "--format") == 0) {
            if ((v = app_optarg("pkey", argc, argv, &i)) == NULL
                || app_parse_format("pkey", v, &format) != 0)
                return APP_EXIT_ERROR;
        } else if (strcmp(argv[i], "--key-format") == 0) {
            if ((v = app_optarg("pkey", argc, argv, &i)) == NULL
                || app_parse_key_format("pkey", v, &key_format) != 0)
                return APP_EXIT_ERROR;
            have_key_format = 1;
        } else if (strcmp(argv[i], "-a") == 0) {
            if ((v = app_optarg("pkey", argc, argv, &i)) == NULL
                || app_parse_param("pkey", v, &param) != 0)
                return APP_EXIT_ERROR;
        } else if (strcmp(argv[i], "--pubout") == 0) {
            pubout = 1;
        } else if (strcmp(argv[i], "--text") == 0) {
            text = 1;
        } else if (strcmp(argv[i], "--force") == 0) {
            flags |= APP_OUT_FORCE;
        } else if (app_operand("pkey", argv, &i, &ended, &operand) != 0) {
            return APP_EXIT_ERROR;
        }
    }
    if (app_set_input("pkey", operand, &in) != 0)
        return APP_EXIT_ERROR;
    {
        const char *ins[] = { in, app_pass_input(passin), app_pass_input(passout) };
        const char *outs[] = { out };

        if (app_check_paths("pkey", ins, 3, outs, 1) != 0)
            return APP_EXIT_ERROR;
    }
    if ((ret = app_load_key(in, (int)param, passin, &key)) != 0)
        goto end;
    if (text) {
        ret = write_text(out, key, pubout, flags);
    } else if (pubout || !mldsa_key_has_secret(key)) {
        ret = app_write_public(out, key, format);
    } else {
        if (!have_key_format && !mldsa_key_has_seed(key))
            key_format = MLDSA_KEY_FORMAT_EXPANDED;
        if (key_format != MLDSA_KEY_FORMAT_EXPANDED && !mldsa_key_has_seed(key)) {
            ret = app_error("%s: the key has no seed; only --key-format expanded "
                            "can be written", strcmp(in, APP_STDIO) == 0 ? "stdin" : in);
            goto end;
        }
        ret = app_write_private(out, key, format, key_format, passout, flags);
    }
 end:
    mldsa_key_free(key);
    return ret;
}
