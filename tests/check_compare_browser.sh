#!/usr/bin/env bash
# check_compare_browser.sh: `gpuplan compare --format html` rendered in a
# real headless browser (Chromium), as the report is (DESIGN 4.2, 11.3).
#
# For each comparison: the page loads with no console message; it has one
# chart, chart-compare, laid out at the width of the page and the height
# its viewBox gives, visible, with drawn marks; it holds one curve per
# scenario's on-prem and one per cloud option, or one per scenario for a
# cloud option the scenarios do not share, each drawn across the plot;
# each scenario's letter stands beside its on-prem curve inside the
# picture; the table has a column per scenario and one cell marked the
# cheapest (none when the currencies differ). A full-page screenshot is
# kept as tests/check_compare_browser-NAME.png for people to look at.
# Without Chromium the test says so and is skipped (exit 77).
. "$top_srcdir/tests/lib.sh"

CHROMIUM=${CHROMIUM:-}
if [ -z "$CHROMIUM" ]; then
    for c in chromium chromium-browser google-chrome; do
        if command -v "$c" >/dev/null 2>&1; then CHROMIUM=$(command -v "$c"); break; fi
    done
fi
if [ -z "$CHROMIUM" ] || [ ! -x "$CHROMIUM" ]; then
    echo "SKIP: no Chromium${CHROMIUM:+ at $CHROMIUM} (install the Debian package 'chromium' to render the HTML pages)"
    exit 77
fi
echo "browser: $("$CHROMIUM" --version 2>/dev/null | head -1)"

shots=$(pwd)/tests
mkdir -p "$shots"
export HOME=$TMP/home XDG_CONFIG_HOME=$TMP/home/.config XDG_CACHE_HOME=$TMP/home/.cache
mkdir -p "$HOME"
export SOURCE_DATE_EPOCH=1767225600 # 2026-01-01
D=$top_srcdir/tests/data/compare
run=0

browser() {
    run=$((run + 1))
    timeout 90 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking --disable-component-update \
        --disable-sync --disable-extensions --disable-default-apps \
        --user-data-dir="$TMP/profile-$run" --enable-logging=stderr --v=0 \
        --hide-scrollbars "$@" 2>"$TMP/log"
}
console_lines() { grep -E 'CONSOLE|Uncaught|Refused to' "$TMP/log" | grep -F "file://$TMP/" || true; }

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
                 ' ' + cs.visibility);
        var cv = s.querySelectorAll('path.curve');
        for (var k = 0; k < cv.length; k++) {
            var cb = cv[k].getBBox();
            out.push('curve ' + cv[k].getAttribute('class').replace(/ /g, '.') + ' ' +
                     Math.round(cb.width) + ' ' + Math.round(cb.height));
        }
        var lb = s.querySelectorAll('text.curve-label');
        for (var k = 0; k < lb.length; k++) {
            var tb = lb[k].getBBox();
            out.push('label ' + lb[k].textContent + ' ' + Math.round(tb.x) + ' ' +
                     Math.round(tb.y) + ' ' + Math.round(tb.x + tb.width) + ' ' +
                     Math.round(tb.y + tb.height) + ' ' + vb.width + ' ' + vb.height);
        }
    }
    var heads = d.querySelectorAll('#compare thead th');
    out.push('columns ' + (heads.length - 1));
    out.push('best ' + d.querySelectorAll('#compare td.best').length);
    out.push('height ' + d.documentElement.scrollHeight);
    out.push('done');
    document.getElementById('out').textContent = out.join('\n');
});
EOF

# check NAME CURVES BEST FILE...: the page of FILE..., expecting CURVES
# curves and BEST cells marked the cheapest.
check() {
    local name=$1 curves=$2 best=$3
    shift 3
    local n=$# html=$TMP/$name.html
    if ! "$GPUPLAN" compare --format html "$@" >"$html" 2>"$TMP/err"; then
        fail "$name: compare --format html failed: $(head -1 "$TMP/err")"
        return
    fi
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
        fail "$name: the probe did not finish"
        return
    fi
    [ "$(sed -n 's/^svgs //p' "$TMP/dom")" = 1 ] && ok || fail "$name: not one chart"
    grep -q '^svg chart-compare ' "$TMP/dom" && ok || fail "$name: no chart-compare"
    while read -r _ id w h vbw vbh marks display visibility; do
        want_h=$(( (w * vbh + vbw / 2) / vbw ))
        if [ "$w" -ge 600 ] && [ $((h - want_h)) -le 1 ] && [ $((want_h - h)) -le 1 ] &&
            [ "$h" -ge 300 ] && [ "$display" != none ] && [ "$visibility" = visible ] &&
            [ "$marks" -ge 40 ]; then ok; else
            fail "$name: chart $id is ${w}x${h} (viewBox ${vbw}x${vbh}), $marks marks, $display, $visibility"
        fi
    done < <(grep '^svg ' "$TMP/dom")
    got=$(grep -c '^curve ' "$TMP/dom")
    [ "$got" = "$curves" ] && ok || fail "$name: $got curves, expected $curves"
    while read -r _ cls cw ch; do
        [ "$cw" -ge 500 ] && [ "$ch" -ge 1 ] && ok ||
            fail "$name: curve $cls is ${cw}x${ch}, not drawn across the plot"
    done < <(grep '^curve ' "$TMP/dom")
    for ((i = 0; i < n; i++)); do
        letter=$(printf "\\x$(printf %x $((65 + i)))")
        line=$(grep "^label $letter " "$TMP/dom")
        if [ -z "$line" ]; then fail "$name: no label $letter on its curve"; continue; fi
        read -r _ _ x0 y0 x1 y1 vw vh <<<"$line"
        [ "$x0" -ge 0 ] && [ "$y0" -ge 0 ] && [ "$x1" -le "$vw" ] && [ "$y1" -le "$vh" ] && ok ||
            fail "$name: label $letter ($x0,$y0)-($x1,$y1) leaves the ${vw}x${vh} picture"
    done
    [ "$(sed -n 's/^columns //p' "$TMP/dom")" = "$n" ] && ok || fail "$name: not $n columns"
    [ "$(sed -n 's/^best //p' "$TMP/dom")" = "$best" ] && ok ||
        fail "$name: $(sed -n 's/^best //p' "$TMP/dom") cells marked the cheapest, expected $best"
    height=$(sed -n 's/^height //p' "$TMP/dom")
    png=$shots/check_compare_browser-$name.png
    rm -f "$png"
    browser --window-size=1000,"${height:-3000}" --screenshot="$png" "file://$html" >/dev/null
    msgs=$( (console_lines; cp "$TMP/log-probe" "$TMP/log"; console_lines) | grep -F "$name.html" || true)
    [ -z "$msgs" ] && ok || fail "$name: console messages: $(echo "$msgs" | head -3)"
    if [ -s "$png" ] && [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
        [ "$(stat -c %s "$png")" -gt 30000 ]; then
        ok
        echo "$name: $(stat -c %s "$html") bytes of HTML; ${height}px tall; screenshot $png"
    else
        fail "$name: no screenshot, or a blank one"
    fi
}

# The shipped pair: every cloud curve differs (2 on-prem + 3 x 2); the
# cheapest is one option of one scenario (its monthly cell and the
# summary's option and monthly cells).
check pair 8 3 h100-4-nodes b200-2-nodes
# Three that share on-demand and spot, not reserved (3 + 1 + 3 + 1), and
# tie on spot: three scenarios' cells marked.
check three 8 9 "$D/colo.yaml" "$D/own-dc.yaml" "$D/commit-1yr.yaml"
# Four, one in euros with the cloud forbidden: no cheapest of all.
check four 16 0 "$D/colo.yaml" "$D/own-dc.yaml" "$D/commit-1yr.yaml" "$D/sovereign.yaml"
finish
