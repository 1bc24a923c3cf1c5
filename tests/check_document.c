/* check_document.c: the planner's document without a terminal (document.h):
 * undo and redo, noticing another program's change to the file, keeping
 * hard links on save, reloading as one undo step; and the lock beside the
 * file (file_lock.h): taken, held elsewhere, stale. */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "document.h"
#include "fields.h"
#include "file_lock.h"
#include "recover.h"
#include "recover_text.h"
#include "scenario_file.h"
#include "uncertainty.h"

static char dir[64], file[128];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/gpuplan-doc.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(file, sizeof file, "%s/plan.yaml", dir);
    Scenario s;
    Diag d;
    scenario_default(&s);
    ck_assert_int_eq(scenario_save_file(file, &s, &d), 0);
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static void append(const char *path, const char *text)
{
    FILE *f = fopen(path, "a");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

START_TEST(undo_and_redo)
{
    Document doc = {0};
    Scenario s, t;
    scenario_default(&s);
    doc_init(&doc, &s, NULL);
    ck_assert(!doc_modified(&doc));
    ck_assert(!doc_commit(&doc, &s)); /* no change, no step */
    t = s;
    t.hardware.nodes = 5;
    ck_assert(doc_commit(&doc, &t));
    ck_assert(doc_modified(&doc));
    size_t left;
    ck_assert(doc_undo(&doc, &left));
    ck_assert_uint_eq(left, 0);
    ck_assert(!doc_modified(&doc));
    ck_assert(!doc_undo(&doc, &left));
    ck_assert(doc_redo(&doc, &left));
    ck_assert_double_eq(doc.cur.hardware.nodes, 5);
    doc_forget_changes(&doc);
    ck_assert(!doc_modified(&doc));
    doc_free(&doc);
}
END_TEST

/* The stack keeps the last DOC_UNDO_MAX steps, the oldest dropped first,
 * and gives them back newest first. */
START_TEST(undo_keeps_the_last_steps)
{
    Document doc = {0};
    Scenario s;
    scenario_default(&s);
    s.hardware.nodes = 1;
    doc_init(&doc, &s, NULL);
    for (int k = 2; k <= DOC_UNDO_MAX + 40; k++) {
        s.hardware.nodes = k;
        ck_assert(doc_commit(&doc, &s));
    }
    size_t left, undone = 0;
    while (doc_undo(&doc, &left)) {
        undone++;
        ck_assert_uint_eq(left, DOC_UNDO_MAX - undone);
        ck_assert_double_eq(doc.cur.hardware.nodes, DOC_UNDO_MAX + 40 - (double)undone);
    }
    ck_assert_uint_eq(undone, DOC_UNDO_MAX);
    ck_assert_double_eq(doc.cur.hardware.nodes, 40); /* steps 1..39 dropped */
    for (size_t k = 0; k < 3; k++)
        ck_assert(doc_redo(&doc, &left));
    ck_assert_double_eq(doc.cur.hardware.nodes, 43);
    doc_free(&doc);
}
END_TEST

/* A path the document cannot keep whole is refused, never kept cut (a
 * shorter name would be saved to). */
START_TEST(a_path_too_long_is_refused)
{
    Document doc = {0};
    Diag d;
    char *path = malloc(DOC_PATH_MAX + 16);
    memset(path, '/', DOC_PATH_MAX + 15);
    path[DOC_PATH_MAX + 15] = '\0';
    ck_assert_int_eq(doc_open(&doc, path, &d), EXIT_NOINPUT);
    ck_assert_msg(strstr(d.message, "a path longer than 4095 bytes"), "%s",
                  d.message);
    ck_assert_str_eq(doc.path, "");
    free(path);
}
END_TEST

START_TEST(another_programs_change_is_seen)
{
    Document doc = {0};
    Diag d;
    ck_assert_int_eq(doc_open(&doc, file, &d), 0);
    ck_assert_ptr_null(doc_changed_on_disk(&doc));
    append(file, "# a comment from another editor\n");
    ck_assert_str_eq(doc_changed_on_disk(&doc), "changed on disk");
    /* Saving notes the file afresh. */
    unsigned links;
    ck_assert_int_eq(doc_save(&doc, file, &links, &d), 0);
    ck_assert_ptr_null(doc_changed_on_disk(&doc));
    /* Same bytes, new time: rewritten by someone. */
    struct timespec ts[2] = {{.tv_sec = 1000000000}, {.tv_sec = 1000000000}};
    ck_assert_int_eq(utimensat(AT_FDCWD, file, ts, 0), 0);
    ck_assert_str_eq(doc_changed_on_disk(&doc), "was rewritten on disk");
    unlink(file);
    ck_assert_str_eq(doc_changed_on_disk(&doc), "was removed");
    doc_free(&doc);
}
END_TEST

START_TEST(hard_links_are_kept)
{
    Document doc = {0};
    Diag d;
    char twin[160];
    snprintf(twin, sizeof twin, "%s/twin.yaml", dir);
    ck_assert_int_eq(doc_open(&doc, file, &d), 0);
    unsigned links = 99;
    ck_assert_int_eq(doc_save(&doc, file, &links, &d), 0);
    ck_assert_uint_eq(links, 0); /* one link: replaced atomically */
    ck_assert_int_eq(link(file, twin), 0);
    Scenario t = doc.cur;
    t.hardware.nodes = 9;
    ck_assert(doc_commit(&doc, &t));
    ck_assert_int_eq(doc_save(&doc, file, &links, &d), 0);
    ck_assert_uint_eq(links, 2);
    struct stat a, b;
    ck_assert_int_eq(stat(file, &a), 0);
    ck_assert_int_eq(stat(twin, &b), 0);
    ck_assert(a.st_ino == b.st_ino);
    Scenario back;
    ck_assert_int_eq(scenario_load_file(twin, &back, &d), 0);
    ck_assert_double_eq(back.hardware.nodes, 9);
    doc_free(&doc);
}
END_TEST

START_TEST(reload_is_one_undo_step)
{
    Document doc = {0};
    Diag d;
    ck_assert_int_eq(doc_open(&doc, file, &d), 0);
    Scenario t = doc.cur;
    t.hardware.nodes = 7;
    ck_assert(doc_commit(&doc, &t));
    append(file, "# edited elsewhere\n");
    ck_assert_int_eq(doc_reload(&doc, &d), 0);
    ck_assert_double_eq(doc.cur.hardware.nodes, 4);
    ck_assert(!doc_modified(&doc));
    ck_assert_ptr_null(doc_changed_on_disk(&doc));
    size_t left;
    ck_assert(doc_undo(&doc, &left));
    ck_assert_double_eq(doc.cur.hardware.nodes, 7);
    ck_assert(doc_modified(&doc));
    doc_free(&doc);
}
END_TEST

static void write_lock(const char *path, long pid, const char *host)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%ld %s\n", pid, host);
    fclose(f);
}

START_TEST(locks)
{
    char lock[200], other[256], host[256];
    ck_assert(file_lock_path(file, lock, sizeof lock));
    ck_assert_ptr_nonnull(strstr(lock, "/.plan.yaml.gpuplan-lock"));
    gethostname(host, sizeof host);
    FileLock lk = {{0}};
    bool stale = true;
    ck_assert_int_eq(file_lock_take(&lk, file, other, sizeof other, &stale), LOCK_TAKEN);
    ck_assert(!stale);
    long pid;
    char h[256];
    FILE *f = fopen(lock, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fscanf(f, "%ld %255s", &pid, h), 2);
    fclose(f);
    ck_assert_int_eq(pid, (long)getpid());
    file_lock_release(&lk);
    ck_assert_int_ne(access(lock, F_OK), 0);

    /* Held by a running process (pid 1) on this host. */
    write_lock(lock, 1, host);
    ck_assert_int_eq(file_lock_take(&lk, file, other, sizeof other, NULL), LOCK_ELSEWHERE);
    ck_assert_ptr_nonnull(strstr(other, "pid 1 on "));
    file_lock_release(&lk); /* not ours: stays */
    ck_assert_int_eq(access(lock, F_OK), 0);

    /* A dead process on this host: stale, taken over. */
    pid_t child = fork();
    if (child == 0)
        _exit(0);
    waitpid(child, NULL, 0);
    write_lock(lock, (long)child, host);
    ck_assert_int_eq(file_lock_take(&lk, file, other, sizeof other, &stale), LOCK_TAKEN);
    ck_assert(stale);
    file_lock_release(&lk);

    /* The same pid on another host cannot be checked: held. */
    write_lock(lock, (long)child, "elsewhere.example");
    ck_assert_int_eq(file_lock_take(&lk, file, other, sizeof other, NULL), LOCK_ELSEWHERE);
    ck_assert_ptr_nonnull(strstr(other, "on elsewhere.example"));
    /* Both hold it now, one line each; our release leaves the other's. */
    char text[600] = "";
    f = fopen(lock, "r");
    ck_assert_ptr_nonnull(f);
    size_t got = fread(text, 1, sizeof text - 1, f);
    text[got] = '\0';
    fclose(f);
    char want[600];
    snprintf(want, sizeof want, "%ld elsewhere.example\n%ld %s\n", (long)child,
             (long)getpid(), host);
    ck_assert_str_eq(text, want);
    file_lock_release(&lk);
    f = fopen(lock, "r");
    ck_assert_ptr_nonnull(f);
    got = fread(text, 1, sizeof text - 1, f);
    text[got] = '\0';
    fclose(f);
    snprintf(want, sizeof want, "%ld elsewhere.example\n", (long)child);
    ck_assert_str_eq(text, want);
    unlink(lock);
}
END_TEST

/* The lock follows the file: a symbolic link and the real path share one;
 * once the file has a second hard link, every name of it shares one by
 * device and inode. */
START_TEST(locks_follow_the_file)
{
    char sym[200], twin[200], a[4200], b[4200], c[4200];
    snprintf(sym, sizeof sym, "%s/link.yaml", dir);
    ck_assert_int_eq(symlink("plan.yaml", sym), 0);
    ck_assert(file_lock_path(file, a, sizeof a));
    ck_assert(file_lock_path(sym, b, sizeof b));
    ck_assert_str_eq(a, b);
    ck_assert_ptr_nonnull(strstr(a, "/.plan.yaml.gpuplan-lock"));
    snprintf(twin, sizeof twin, "%s/twin.yaml", dir);
    ck_assert_int_eq(link(file, twin), 0);
    ck_assert(file_lock_path(file, a, sizeof a));
    ck_assert(file_lock_path(twin, b, sizeof b));
    ck_assert(file_lock_path(sym, c, sizeof c));
    ck_assert_str_eq(a, b);
    ck_assert_str_eq(a, c);
    ck_assert_ptr_nonnull(strstr(a, "/.gpuplan-lock."));
    /* Another planner (pid 1, running) holds it by one name; taken by
     * another name, the lock says so, and our release leaves its line. */
    char host[256];
    gethostname(host, sizeof host);
    write_lock(a, 1, host);
    FileLock lk = {{0}};
    char other[256];
    ck_assert_int_eq(file_lock_take(&lk, twin, other, sizeof other, NULL), LOCK_ELSEWHERE);
    ck_assert_ptr_nonnull(strstr(other, "pid 1 on "));
    file_lock_release(&lk);
    ck_assert_int_eq(access(a, F_OK), 0);
    unlink(a);
    /* Alone: taken, and gone when released. */
    ck_assert_int_eq(file_lock_take(&lk, sym, other, sizeof other, NULL), LOCK_TAKEN);
    ck_assert_int_eq(access(a, F_OK), 0);
    file_lock_release(&lk);
    ck_assert_int_ne(access(a, F_OK), 0);
}
END_TEST

static void set_key(Scenario *s, const char *key, const char *value)
{
    FieldRef r;
    Diag msg;
    ck_assert_msg(field_resolve(key, &r, &msg) == 0, "%s", msg.message);
    ck_assert_msg(field_set(field_ref(&r), s, value, &msg) == 0, "%s",
                  msg.message);
}

/* The recovery list says what each recovery holds against the file. */
START_TEST(recovery_described)
{
    Scenario base, rec;
    scenario_default(&base);
    rec = base;
    char buf[300];
    ck_assert_str_eq(recover_describe(&base, &rec, buf, sizeof buf),
                     "the same as the file");
    set_key(&rec, "utilization.measured_pct", "61");
    ck_assert_str_eq(recover_describe(&base, &rec, buf, sizeof buf),
                     "utilization.measured_pct 50 -> 61");
    set_key(&rec, "hardware.nodes", "6");
    set_key(&rec, "notes", "a quote, changed");
    ck_assert_str_eq(recover_describe(&base, &rec, buf, sizeof buf),
                     "notes changed, +2 more");
    /* Notes that differ only far into the text differ. */
    char notes[700];
    memset(notes, 'n', sizeof notes - 1);
    notes[sizeof notes - 1] = '\0';
    rec = base;
    set_key(&rec, "notes", notes);
    Scenario other = rec;
    notes[650] = 'm';
    set_key(&other, "notes", notes);
    ck_assert_str_eq(recover_describe(&rec, &other, buf, sizeof buf), "notes changed");
    rec = base;
    field_scope_default(&rec, FS_UNCERTAINTY);
    ck_assert_str_eq(recover_describe(&base, &rec, buf, sizeof buf),
                     "the uncertainty ranges added");
    /* Their values, by path, as every field's (registry rows). */
    Scenario ranged = rec;
    set_key(&rec, "uncertainty.draws", "500");
    ck_assert_str_eq(recover_describe(&ranged, &rec, buf, sizeof buf),
                     "uncertainty.draws 10000 -> 500");
    rec = base;
    rec.has_hybrid = true;
    scenario_hybrid_default(&rec);
    ck_assert_str_eq(recover_describe(&base, &rec, buf, sizeof buf),
                     "the hybrid plan added");
    ck_assert_str_eq(recover_describe(&rec, &base, buf, sizeof buf),
                     "the hybrid plan removed");
    /* A workload's value, by its path. */
    rec.hybrid.workload_count = 1;
    field_item_default(&field_list_workloads, &rec, 0);
    base = rec;
    set_key(&rec, "hybrid.workloads[0].gpus", "16");
    ck_assert_ptr_nonnull(strstr(recover_describe(&base, &rec, buf,
                                                  sizeof buf),
                                 "hybrid.workloads[0].gpus "));
}
END_TEST

static Suite *document_suite(void)
{
    Suite *s = suite_create("document");
    TCase *t = tcase_create("document");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, undo_and_redo);
    tcase_add_test(t, undo_keeps_the_last_steps);
    tcase_add_test(t, another_programs_change_is_seen);
    tcase_add_test(t, a_path_too_long_is_refused);
    tcase_add_test(t, hard_links_are_kept);
    tcase_add_test(t, reload_is_one_undo_step);
    tcase_add_test(t, locks);
    tcase_add_test(t, locks_follow_the_file);
    tcase_add_test(t, recovery_described);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(document_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
