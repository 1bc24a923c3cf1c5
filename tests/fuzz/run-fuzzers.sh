#!/bin/bash
# run-fuzzers.sh: run each libFuzzer harness for FUZZ_SECONDS seconds on a
# copy of its seed corpus; fail on any crash, leak, sanitizer report or
# timeout. Usage: run-fuzzers.sh CORPUS_DIR HARNESS...
# A harness tests/fuzz/fuzz_NAME uses seeds from CORPUS_DIR/NAME/. Whatever
# the fuzzer finds is kept in a temporary directory named in the summary.
set -u

corpus_root=${1:?usage: run-fuzzers.sh CORPUS_DIR HARNESS...}
shift
seconds=${FUZZ_SECONDS:-10}
case $seconds in '' | *[!0-9]*) echo "run-fuzzers.sh: FUZZ_SECONDS must be a whole number" >&2; exit 2 ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-fuzz.XXXXXX") || exit 2
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:allocator_may_return_null=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

failed=0
for bin in "$@"; do
    name=$(basename "$bin" | sed -e 's/^fuzz_//' -e 's/\.exe$//')
    seeds=$corpus_root/$name
    dir=$work/$name
    mkdir -p "$dir/corpus" "$dir/artifacts"
    if [ -d "$seeds" ]; then
        cp "$seeds"/* "$dir/corpus/" 2>/dev/null
    fi
    log=$dir/log
    start=$SECONDS
    "$bin" -max_total_time="$seconds" -detect_leaks=1 -rss_limit_mb=2048 \
        -timeout=5 -print_final_stats=1 -artifact_prefix="$dir/artifacts/" \
        "$dir/corpus" >"$log" 2>&1
    rc=$?
    elapsed=$((SECONDS - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -n 1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
    cov=$(printf '%s\n' "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
    ft=$(printf '%s\n' "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
    units=$(ls "$dir/corpus" | wc -l)
    found=$(ls "$dir/artifacts" | wc -l)
    bad=
    if [ "$rc" -ne 0 ] || [ "$found" -ne 0 ] ||
        grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|SUMMARY: UndefinedBehaviorSanitizer' "$log"; then
        bad=yes
        failed=1
    fi
    verdict=ok
    [ -n "$bad" ] && verdict=FAIL
    printf '%-10s %s: %s s, %s execs (%s/s), cov %s, ft %s, corpus %s, peak rss %s MB%s\n' \
        "fuzz_$name" "$verdict" "$elapsed" "${execs:-?}" "${rate:-?}" \
        "${cov:-?}" "${ft:-?}" "$units" "${rss:-?}" \
        "${bad:+ (exit $rc; log $log; artifacts $dir/artifacts)}"
    if [ -n "$bad" ]; then
        grep -E -A12 'ERROR: |runtime error:|SUMMARY:' "$log" | head -n 40 >&2
    fi
done
if [ "$failed" -ne 0 ]; then
    echo "run-fuzzers.sh: failures found; inputs kept under $work" >&2
    exit 1
fi
rm -rf "$work"
exit 0
