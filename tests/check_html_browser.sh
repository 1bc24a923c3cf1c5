#!/usr/bin/env bash
# check_html_browser.sh: the HTML report of every shipped scenario, rendered
# in a real headless browser (Chromium), as DESIGN 4.2 asks.
#
# For each scenario: the page loads with no console message (an error, a
# blocked fetch, a bad attribute would all log one); every chart's <svg>
# is laid out at the width of the page and the height its viewBox gives,
# is visible, and has drawn marks (lines, curves, bars, text) of non-zero
# size; the expected charts are all there (three: cost curves, breakdown
# bars and the horizon's cumulative spend, which every scenario has, at
# least over the lifetime; one more with a hybrid plan, two more with an
# uncertainty section: the tornado and the Monte Carlo's histogram). The
# cumulative-spend chart must hold one curve per option, each drawn across
# the plot, and a ring for every break-even month the report's table names.
# A full-page screenshot is kept beside the test log as
# tests/check_html_browser-NAME.png for people to look at.
#
# The measuring is done by a probe page of the test's own that loads the
# report in a frame and reads the layout (the report itself has no
# script). Where Chromium is not installed the test says so and is
# skipped (exit 77), never passed.
. "$top_srcdir/tests/lib.sh"

CHROMIUM=${CHROMIUM:-}
if [ -z "$CHROMIUM" ]; then
    for c in chromium chromium-browser google-chrome; do
        if command -v "$c" >/dev/null 2>&1; then CHROMIUM=$(command -v "$c"); break; fi
    done
fi
if [ -z "$CHROMIUM" ] || [ ! -x "$CHROMIUM" ]; then
    echo "SKIP: no Chromium${CHROMIUM:+ at $CHROMIUM} (install the Debian package 'chromium' to render the HTML reports)"
    exit 77
fi
echo "browser: $("$CHROMIUM" --version 2>/dev/null | head -1)"

shots=$(pwd)/tests
mkdir -p "$shots"
export HOME=$TMP/home XDG_CONFIG_HOME=$TMP/home/.config XDG_CACHE_HOME=$TMP/home/.cache
mkdir -p "$HOME"
export SOURCE_DATE_EPOCH=1767225600 # 2026-01-01
run=0

# browser ARGS... URL: one headless run with a fresh profile, no network,
# console messages on stderr ($TMP/log).
browser() {
    run=$((run + 1))
    timeout 90 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking --disable-component-update \
        --disable-sync --disable-extensions --disable-default-apps \
        --user-data-dir="$TMP/profile-$run" --enable-logging=stderr --v=0 \
        --hide-scrollbars "$@" 2>"$TMP/log"
}

# Console messages of pages under $TMP (not the browser's own chatter
# about D-Bus and the like, which has no page).
console_lines() { grep -E 'CONSOLE|Uncaught|Refused to' "$TMP/log" | grep -F "file://$TMP/" || true; }

# The detector works: a page that logs an error is caught.
printf '<!DOCTYPE html><title>t</title><script>console.error("probe-error")</script>\n' >"$TMP/bad.html"
browser --dump-dom "file://$TMP/bad.html" >/dev/null
if console_lines | grep -q probe-error; then ok; else
    fail "the console detector does not see a page's console.error; log:"
    tail -5 "$TMP/log" >&2
fi

cat >"$TMP/probe.js" <<'EOF'
var frame = document.getElementById('f');
frame.addEventListener('load', function () {
    var out = [], d = frame.contentDocument;
    if (!d) { document.getElementById('out').textContent = 'no-access'; return; }
    var svgs = d.querySelectorAll('svg');
    out.push('svgs ' + svgs.length);
    for (var i = 0; i < svgs.length; i++) {
        var s = svgs[i], r = s.getBoundingClientRect(), vb = s.viewBox.baseVal;
        var cs = d.defaultView.getComputedStyle(s), marks = 0;
        var els = s.querySelectorAll('path,line,rect,circle,text');
        for (var k = 0; k < els.length; k++) {
            var b = els[k].getBBox();
            if (b.width > 0 || b.height > 0) marks++;
        }
        out.push('svg ' + s.id + ' ' + Math.round(r.width) + ' ' + Math.round(r.height) +
                 ' ' + vb.width + ' ' + vb.height + ' ' + marks + ' ' + cs.display +
                 ' ' + cs.visibility + ' ' + els.length);
        // Each curve: its classes and its drawn width and height.
        var cv = s.querySelectorAll('path.curve');
        for (var k = 0; k < cv.length; k++) {
            var cb = cv[k].getBBox();
            out.push('curve ' + s.id + ' ' + cv[k].getAttribute('class').replace(/ /g, '.') +
                     ' ' + Math.round(cb.width) + ' ' + Math.round(cb.height));
        }
        out.push('rings ' + s.id + ' ' +
                 s.querySelectorAll('circle.break-even').length);
    }
    out.push('height ' + d.documentElement.scrollHeight);
    out.push('done');
    document.getElementById('out').textContent = out.join('\n');
});
EOF

for yaml in "$top_srcdir"/scenarios/*.yaml; do
    name=$(basename "$yaml" .yaml)
    [ "$name" = prices ] && continue
    html=$TMP/$name.html
    if ! "$GPUPLAN" report --format html "$name" >"$html" 2>"$TMP/err"; then
        fail "$name: report --format html failed: $(head -1 "$TMP/err")"
        continue
    fi
    charts=3
    grep -q '^hybrid:' "$yaml" && charts=$((charts + 1))
    grep -q '^uncertainty:' "$yaml" && charts=$((charts + 2)) # tornado, histogram
    {
        printf '<!DOCTYPE html><html><body style="margin:0">'
        printf '<iframe id="f" src="%s.html" style="width:1000px;height:1200px;border:0"></iframe>' "$name"
        printf '<pre id="out">pending</pre><script>'
        cat "$TMP/probe.js"
        printf '</script></body></html>\n'
    } >"$TMP/probe-$name.html"
    browser --allow-file-access-from-files --virtual-time-budget=10000 \
        --window-size=1000,1300 --dump-dom "file://$TMP/probe-$name.html" |
        sed -n '/<pre id="out">/,/<\/pre>/p' | sed 's/.*<pre id="out">//; s/<\/pre>.*//' >"$TMP/dom"
    cp "$TMP/log" "$TMP/log-probe"
    if ! grep -q '^done$' "$TMP/dom"; then
        fail "$name: the probe did not finish: $(grep -A2 'id="out"' "$TMP/dom" | head -3)"
        tail -5 "$TMP/log" >&2
        continue
    fi
    n=$(sed -n 's/^svgs //p' "$TMP/dom")
    [ "$n" = "$charts" ] && ok || fail "$name: $n charts, expected $charts"
    while read -r _ id w h vbw vbh marks display visibility elements; do
        # Laid out at the page's width, at the height the viewBox gives
        # (within a pixel), visible, with at least 20 drawn marks.
        want_h=$(( (w * vbh + vbw / 2) / vbw ))
        if [ "$w" -ge 600 ] && [ $((h - want_h)) -le 1 ] && [ $((want_h - h)) -le 1 ] &&
            [ "$h" -ge 150 ] && [ "$display" != none ] && [ "$visibility" = visible ] &&
            [ "$marks" -ge 20 ]; then
            ok
        else
            fail "$name: chart $id is ${w}x${h} (viewBox ${vbw}x${vbh}), $marks of $elements marks drawn, display $display, $visibility"
        fi
    done < <(grep '^svg ' "$TMP/dom")
    for id in chart-cost chart-breakdown chart-horizon; do
        grep -q "^svg $id " "$TMP/dom" && ok || fail "$name: no $id chart"
    done
    grep -q '^hybrid:' "$yaml" && { grep -q "^svg chart-hybrid " "$TMP/dom" && ok || fail "$name: no chart-hybrid"; }
    grep -q '^uncertainty:' "$yaml" && { grep -q "^svg chart-tornado " "$TMP/dom" && ok || fail "$name: no chart-tornado"; }
    grep -q '^uncertainty:' "$yaml" && { grep -q "^svg chart-histogram " "$TMP/dom" && ok || fail "$name: no chart-histogram"; }
    # The cumulative spend: four curves, each across the whole plot (at
    # least 500 of the 612 units wide) and not flat, and one ring per
    # break-even month of the horizon table.
    curves=$(grep -c '^curve chart-horizon ' "$TMP/dom")
    [ "$curves" = 4 ] && ok || fail "$name: chart-horizon has $curves curves, expected 4"
    while read -r _ _ cls cw ch; do
        if [ "$cw" -ge 500 ] && [ "$ch" -ge 1 ]; then ok; else
            fail "$name: chart-horizon curve $cls is ${cw}x${ch}, not drawn across the plot"
        fi
    done < <(grep '^curve chart-horizon ' "$TMP/dom")
    want_rings=$(sed -n '/id="horizon-owning"/,/<\/table>/p' "$html" | grep -c '<td>month [0-9]*</td><td>')
    rings=$(sed -n 's/^rings chart-horizon //p' "$TMP/dom")
    [ "${rings:-x}" = "$want_rings" ] && ok ||
        fail "$name: chart-horizon has ${rings:-no} break-even rings, the table names $want_rings"
    height=$(sed -n 's/^height //p' "$TMP/dom")
    [ "${height:-0}" -gt 8000 ] && height=8000

    # The report on its own: no console message, and a screenshot of the
    # whole page.
    png=$shots/check_html_browser-$name.png
    rm -f "$png"
    browser --window-size=1000,"${height:-3000}" --screenshot="$png" "file://$html" >/dev/null
    msgs=$( (console_lines; cp "$TMP/log-probe" "$TMP/log"; console_lines) | grep -F "$name.html" || true)
    if [ -z "$msgs" ]; then ok; else
        fail "$name: console messages:"
        echo "$msgs" | head -5 >&2
    fi
    if [ -s "$png" ] && [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
        [ "$(stat -c %s "$png")" -gt 30000 ]; then
        ok
        echo "$name: $(stat -c %s "$html") bytes of HTML; ${height}px tall; screenshot $png"
    else
        fail "$name: no screenshot, or a blank one: $(ls -l "$png" 2>&1)"
    fi
done
finish
