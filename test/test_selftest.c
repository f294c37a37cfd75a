/*
 * The power-on self-tests (crypto/ml_dsa/ml_dsa_selftest.c): they pass on
 * the backend in use (make test runs this suite on every backend the
 * machine has), each case has a name and the list ends, and their error
 * code has a message.  That each can fail is test/test_selftest_faults.sh's.
 */
#include <check.h>
#include <string.h>
#include "mldsa.h"
#include "testutil.h"

/* The names of the cases, in order (include/mldsa.h). */
static const char *const case_names[] = {
    "SHAKE128", "SHAKE256", "SHA-256", "SHA-512",
    "ML-DSA-44 keygen, sign, verify", "ML-DSA-65 keygen, sign, verify",
    "ML-DSA-87 keygen, sign, verify",
};
#define NCASES (sizeof(case_names) / sizeof(case_names[0]))

START_TEST(self_tests_pass_on_the_backend_in_use)
{
    ck_assert_msg(mldsa_self_test() == MLDSA_OK, "backend %s", mldsa_backend_name());
}
END_TEST

START_TEST(each_self_test_case_passes_with_its_name_and_the_list_ends)
{
    const char *name = "x";
    size_t i;

    for (i = 0; i < NCASES; i++) {
        ck_assert_int_eq(mldsa_self_test_case(i, &name), MLDSA_OK);
        ck_assert_str_eq(name, case_names[i]);
        ck_assert_int_eq(mldsa_self_test_case(i, NULL), MLDSA_OK);
    }
    ck_assert_int_eq(mldsa_self_test_case(NCASES, &name), MLDSA_ERR_PARAM);
    ck_assert_ptr_null(name);
    ck_assert_int_eq(mldsa_self_test_case((size_t)-1, NULL), MLDSA_ERR_PARAM);
}
END_TEST

START_TEST(self_test_error_has_a_message)
{
    ck_assert_int_eq(MLDSA_ERR_SELF_TEST, -25);
    ck_assert_str_eq(mldsa_strerror(MLDSA_ERR_SELF_TEST),
                     "a self-test or pairwise consistency test failed");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("selftest");
    TCase *tc = tcase_create("selftest");

    tcase_add_test(tc, self_tests_pass_on_the_backend_in_use);
    tcase_add_test(tc, each_self_test_case_passes_with_its_name_and_the_list_ends);
    tcase_add_test(tc, self_test_error_has_a_message);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
