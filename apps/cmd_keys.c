/*
 * mldsa keygen, pubkey and pkey: make keys, and move them between PEM, DER
 * and raw forms (RFC 9881 seed, expanded or both), like `openssl genpkey`
 * and `openssl pkey`.
 */
#include <stdlib.h>
#include <string.h>
#include "apps.h"


static const char keygen_help[] =
    "usage: mldsa keygen -a 44|65|87 [--seed HEX | --seed-in SRC] [-o key] [--pubout pub]\n"
    "                    [--force] [--format pem|der|raw]\n"
    "                    [--key-format seed|expanded|both] [--passout SRC]\n"
    "Generate an ML-DSA key pair (FIPS 204 ML-DSA.KeyGen).\n"
    "  -a SET            parameter set: 44, 65 or 87 (required)\n"
    "  --seed HEX        the 32-byte seed xi (64 hex digits); default: fresh OS randomness\n"
    "                    (the seed is the private key: other users see it in the\n"
    "                    process list, and it stays in the shell's history)\n"
    "  --seed-in SRC     the seed's 64 hex digits from the first line of SRC:\n"
    "                    file:PATH env:VAR fd:N stdin prompt (as for --passout)\n"
    "  -o FILE           private key output (default '-': stdout); created with mode 0600\n"
    "  --pubout FILE     also write the public key there (both files or neither;\n"
    "                    an interrupted keygen is repaired by the next one)\n"
    "  --force           replace existing files, even one that holds a private key\n"
    "  --format F        pem (default), der, or raw (seed or expanded key bytes)\n"
    "  --key-format K    private key form (RFC 9881): seed (default), expanded, both\n"
    "  --passout SRC     encrypt the private key (PKCS#8 PBES2, AES-256-CBC) with the\n"
    "                    password from SRC: pass:TEXT env:VAR file:PATH fd:N stdin\n"
    "                    prompt (asked twice on the terminal, without echo)\n";

static const char pubkey_help[] =
    "usage: mldsa pubkey [-i key | key] [-o pub] [--format pem|der|raw] [-a 44|65|87]\n"
    "                    [--passin SRC] [--force]\n"
    "Write the public key (SubjectPublicKeyInfo) of a private or public key.\n"
    "  -i FILE           key in PEM, DER or raw form (default '-': stdin)\n"
    "  -o FILE           output (default '-': stdout)\n"
    "  --format F        pem (default), der, or raw (the encoded public key)\n"
    "  -a SET            parameter set of a raw 32-byte seed input\n"
    "  --passin SRC      password of an encrypted key (default: asked on the terminal)\n"
    "  --force           replace the output even when it holds a private key\n";

static const char pkey_help[] =
    "usage: mldsa pkey [-i key | key] [-o out] [--format pem|der|raw] [--force]\n"
    "                  [--key-format seed|expanded|both] [--pubout] [--text] [-a 44|65|87]\n"
    "                  [--passin SRC] [--passout SRC]\n"
    "Convert a key, or print it as text (like openssl pkey).  Reads every form\n"
    "of RFC 9881, the legacy ones (bare seed, bare expanded key, OQS pair) and\n"
    "encrypted PKCS#8.\n"
    "  -i FILE           key in PEM, DER or raw form (default '-': stdin)\n"
    "  -o FILE           output (default '-': stdout); private keys get mode 0600\n"
    "  --force           replace an existing file (never done without it for a\n"
    "                    private key output, nor over a file that holds one)\n"
    "  --format F        pem (default), der, or raw\n"
    "  --key-format K    seed, expanded or both; default: seed when the key has one\n"
    "  --pubout          write the public key only\n"
    "  --text            print the seed, expanded key and public key in hex instead\n"
    "  -a SET            parameter set of a raw 32-byte seed input\n"
    "  --passin SRC      password of an encrypted input key\n"
    "  --passout SRC     encrypt the private key output with this password (or prompt)\n";

/* keygen's seed from --seed-in SRC: 64 hex digits on the first line. */
static int read_seed(const char *src, uint8_t seed[MLDSA_SEED_BYTES],
                     size_t *seedlen)
{
    APP_PASS line;
    int ret;

    if ((ret = app_get_pass(src, "--seed-in", APP_PASS_SEED, &line)) == 0)
        ret = app_parse_hex("keygen", "--seed-in", line.buf, seed,
                            MLDSA_SEED_BYTES, seedlen);
    app_pass_clear(&line);
    return ret;
}

int cmd_keygen(int argc, char **argv)
{
    const char *out = APP_STDIO, *pubout = NULL, *passout = NULL, *operand = NULL, *v;
    const char *seedin = NULL;
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
        } else if (strcmp(argv[i], "--seed-in") == 0) {
            if ((seedin = app_optarg("keygen", argc, argv, &i)) == NULL)
                goto end;
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
    if (seedin != NULL && seedlen != 0) {
        app_usage("keygen", "--seed and --seed-in: one seed only");
        goto end;
    }
    {
        const char *ins[] = { app_pass_input(seedin), app_pass_input(passout) };
        const char *outs[] = { out, pubout };

        if (app_check_paths("keygen", ins, 2, outs, 2) != 0)
            goto end;
    }
    if (seedin != NULL) {
        if (read_seed(seedin, seed, &seedlen) != 0)
            goto end;
        if (seedlen != MLDSA_SEED_BYTES) {
            app_usage("keygen", "--seed-in: %zu bytes, needs 32", seedlen);
            goto end;
        }
    }
    if (app_pair_recover(out) != 0)
        goto end;
    if ((ret = mldsa_key_generate(&key, param, seedlen != 0 ? seed : NULL)) != MLDSA_OK) {
        ret = app_error("keygen: %s", mldsa_strerror(ret));
        goto end;
    }
    if ((ret = app_encode_private(key, format, key_format, passout, &priv, &privlen)) != 0
        || (pubout != NULL
            && (ret = app_encode_public(key, format, &pub, &publen)) != 0))
        goto end;
    ret = app_write_pair(out, priv, privlen, pubout, pub, publen, flags);
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
    int ended = 0, flags = 0, ret = APP_EXIT_ERROR;

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
        } else if (strcmp(argv[i], "--force") == 0) {
            flags |= APP_OUT_FORCE;
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
        ret = app_write_public(out, key, format, flags);
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
        ret = app_write_file(out, text, len,
                             secret ? flags | APP_OUT_SECRET : flags);
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
        ret = app_write_public(out, key, format, flags);
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
