/* check_file_path.c: splitting paths and naming the file a path means
 * (file_path.h; DESIGN 1.3, 7). */
#include "config.h"

#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_path.h"

static const struct {
    const char *path, *dir, *base;
} splits[] = {
    {"plan.yaml", ".", "plan.yaml"},
    {"a/plan.yaml", "a", "plan.yaml"},
    {"/plan.yaml", "/", "plan.yaml"},
    {"/x/y/z.yaml", "/x/y", "z.yaml"},
    {"a/", "a", ""},
};

START_TEST(split_gives_dir_and_base)
{
    char dir[64];
    const char *base = path_split(splits[_i].path, dir, sizeof dir);
    ck_assert_ptr_nonnull(base);
    ck_assert_str_eq(dir, splits[_i].dir);
    ck_assert_str_eq(base, splits[_i].base);
}
END_TEST

START_TEST(split_refuses_what_does_not_fit)
{
    char dir[4];
    ck_assert_ptr_null(path_split("abcdef/x", dir, sizeof dir));
    ck_assert_str_eq(dir, "");
    ck_assert_ptr_nonnull(path_split("abc/x", dir, sizeof dir));
}
END_TEST

static char top[PATH_MAX / 2];

static void setup(void)
{
    char t[] = "/tmp/check_file_path.XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(t));
    char real[PATH_MAX];
    ck_assert_ptr_nonnull(realpath(t, real));
    ck_assert_uint_lt(strlen(real), sizeof top);
    memcpy(top, real, strlen(real) + 1);
}

static void teardown(void)
{
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
    ck_assert_int_eq(system(cmd), 0);
}

/* A symbolic link, ./NAME, a relative path and the real path are one file;
 * a file that does not exist keeps its name under its directory's real
 * name; a dangling link names the file it points to. */
START_TEST(canonical_follows_every_name_to_the_file)
{
    char p[PATH_MAX], q[PATH_MAX], want[PATH_MAX], got[PATH_MAX];
    snprintf(p, sizeof p, "%s/real", top);
    ck_assert_int_eq(mkdir(p, 0755), 0);
    snprintf(want, sizeof want, "%s/real/plan.yaml", top);
    FILE *f = fopen(want, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    snprintf(p, sizeof p, "%s/link.yaml", top);
    ck_assert_int_eq(symlink("real/plan.yaml", p), 0);
    ck_assert(path_canonical(p, got, sizeof got));
    ck_assert_str_eq(got, want);
    snprintf(p, sizeof p, "%s/real/./../real/plan.yaml", top);
    ck_assert(path_canonical(p, got, sizeof got));
    ck_assert_str_eq(got, want);
    /* relative to the working directory */
    char cwd[PATH_MAX];
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    snprintf(p, sizeof p, "%s/real", top);
    ck_assert_int_eq(chdir(p), 0);
    ck_assert(path_canonical("./plan.yaml", got, sizeof got));
    ck_assert_str_eq(got, want);
    ck_assert(path_canonical("new.yaml", got, sizeof got));
    snprintf(q, sizeof q, "%s/real/new.yaml", top);
    ck_assert_str_eq(got, q);
    ck_assert_int_eq(chdir(cwd), 0);
    /* a dangling link, relative: the file a save through it creates */
    snprintf(p, sizeof p, "%s/dangling.yaml", top);
    ck_assert_int_eq(symlink("real/later.yaml", p), 0);
    ck_assert(path_canonical(p, got, sizeof got));
    snprintf(q, sizeof q, "%s/real/later.yaml", top);
    ck_assert_str_eq(got, q);
    /* no such directory: no name */
    snprintf(p, sizeof p, "%s/none/x.yaml", top);
    ck_assert(!path_canonical(p, got, sizeof got));
    ck_assert_str_eq(got, "");
    /* does not fit */
    ck_assert(!path_canonical(want, got, 4));
}
END_TEST

static Suite *file_path_suite(void)
{
    Suite *s = suite_create("file_path");
    TCase *t = tcase_create("split");
    tcase_add_loop_test(t, split_gives_dir_and_base, 0,
                        (int)(sizeof splits / sizeof splits[0]));
    tcase_add_test(t, split_refuses_what_does_not_fit);
    suite_add_tcase(s, t);
    t = tcase_create("canonical");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, canonical_follows_every_name_to_the_file);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(file_path_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
