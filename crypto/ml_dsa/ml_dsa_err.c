/*
 * Messages for the return codes of include/mldsa.h.
 */
#include "ml_dsa_local.h"

static const char *const messages[] = {
    "success",                                              /* MLDSA_OK */
    "signature verification failed",                        /* MLDSA_ERR_VERIFY */
    "unknown parameter set",                                /* MLDSA_ERR_PARAM */
    "unknown hash function",                                /* MLDSA_ERR_HASH */
    "NULL pointer argument",                                /* MLDSA_ERR_NULL */
    "context string longer than 255 bytes",                 /* MLDSA_ERR_CONTEXT_LENGTH */
    "signature length does not match the parameter set",    /* MLDSA_ERR_SIG_LENGTH */
    "public key length does not match the parameter set",   /* MLDSA_ERR_PK_LENGTH */
    "secret key length does not match the parameter set",   /* MLDSA_ERR_SK_LENGTH */
    "digest length does not match its hash function",       /* MLDSA_ERR_DIGEST_LENGTH */
    "secret key coefficients out of range",                 /* MLDSA_ERR_BAD_KEY */
    "key parts do not belong together",                     /* MLDSA_ERR_KEY_MISMATCH */
    "the OS random source failed",                          /* MLDSA_ERR_RANDOM */
    "out of memory",                                        /* MLDSA_ERR_MEMORY */
    "the key holds no secret key",                          /* MLDSA_ERR_NO_SECRET */
    "the key was not made from a seed",                     /* MLDSA_ERR_NO_SEED */
    "output buffer too small",                              /* MLDSA_ERR_BUFFER */
    "malformed DER structure",                              /* MLDSA_ERR_DER */
    "bad DER length",                                       /* MLDSA_ERR_DER_LENGTH */
    "trailing bytes after the encoding",                    /* MLDSA_ERR_TRAILING */
    "algorithm OID is not the expected ML-DSA one",         /* MLDSA_ERR_OID */
    "AlgorithmIdentifier parameters present",               /* MLDSA_ERR_OID_PARAMS */
    "encoded seed or key of the wrong length",              /* MLDSA_ERR_KEY_LENGTH */
    "bad PEM armour or base64",                             /* MLDSA_ERR_PEM */
    "wrong key type (public where private is needed, or the reverse)", /* MLDSA_ERR_KEY_TYPE */
    "a self-test or pairwise consistency test failed",      /* MLDSA_ERR_SELF_TEST */
    "the context is finished: its final has been called",  /* MLDSA_ERR_FINISHED */
    "unknown private key format",                           /* MLDSA_ERR_FORMAT */
};

/* A message for err (MLDSA_OK or an MLDSA_ERR_* code); "unknown error" otherwise. */
const char *mldsa_strerror(int err)
{
    if (err > 0 || -(long)err >= (long)(sizeof(messages) / sizeof(messages[0])))
        return "unknown error";
    return messages[-err];
}
