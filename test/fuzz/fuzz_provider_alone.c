/*
 * libFuzzer target: fuzz_provider_decode's inputs and oracles with the
 * provider alone in its library context (no default or base provider, so
 * no OpenSSL PEM or DER decoder in front of ours) and OpenSSL's secure heap
 * on: PEM is read by the provider, under PEM_FLAG_SECURE.
 */
#define FUZZ_PROVIDER_ALONE
#include "fuzz_provider_decode.c"
