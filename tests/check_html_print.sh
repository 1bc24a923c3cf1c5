#!/usr/bin/env bash
# check_html_print.sh: the HTML report of every shipped scenario printed to
# PDF by a real headless browser (Chromium) on A4 and on Letter paper, as
# DESIGN 4.2 asks ("it prints cleanly to A4 and Letter, no chart split across
# pages"), and the pages read back with poppler (pdfinfo, pdftotext).
#
# The paper is chosen as a user's print dialog would: the test's copy of
# the report names it in one extra `@page{size:...}` rule (the report
# itself leaves the size to the printer). Each copy also carries tiny
# white marks in text that is there anyway: at the start and the end of
# every chart (its topmost label, the end of its caption) and of every
# table (its first and its last cell), and at the end of every heading.
# Then:
# - every page is A4 (595x842 pt) or Letter (612x792 pt);
# - every chart and every table starts and ends on one page;
# - a heading is on the page of the chart or table that follows it;
# - the page count is sane (no page of a few lines per chart).
# The A4 pages of each scenario are kept beside the test log as
# tests/check_html_print-NAME-page-N.png for people to look at.
# Where Chromium or poppler is not installed the test says so and is
# skipped (exit 77), never passed.
. "$top_srcdir/tests/lib.sh"

CHROMIUM=${CHROMIUM:-}
if [ -z "$CHROMIUM" ]; then
    for c in chromium chromium-browser google-chrome; do
        if command -v "$c" >/dev/null 2>&1; then CHROMIUM=$(command -v "$c"); break; fi
    done
fi
if [ -z "$CHROMIUM" ] || [ ! -x "$CHROMIUM" ]; then
    echo "SKIP: no Chromium${CHROMIUM:+ at $CHROMIUM} (install the Debian package 'chromium' to print the HTML reports)"
    exit 77
fi
for tool in pdfinfo pdftotext pdftoppm python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: no $tool (install the Debian packages 'poppler-utils' and 'python3')"
        exit 77
    fi
done
echo "browser: $("$CHROMIUM" --version 2>/dev/null | head -1)"

shots=$(pwd)/tests
mkdir -p "$shots"
export HOME=$TMP/home XDG_CONFIG_HOME=$TMP/home/.config XDG_CACHE_HOME=$TMP/home/.cache
mkdir -p "$HOME"
export SOURCE_DATE_EPOCH=1767225600 # 2026-01-01
run=0

# print HTML PDF: one headless run with a fresh profile, no network, no
# header or footer of the browser's own.
print_pdf() {
    run=$((run + 1))
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking --disable-component-update \
        --disable-sync --disable-extensions --disable-default-apps \
        --user-data-dir="$TMP/profile-$run" --no-pdf-header-footer \
        --print-to-pdf-no-header --print-to-pdf="$2" "file://$1" >/dev/null 2>"$TMP/log"
}

# mark SRC DST PAPER: DST is SRC with the paper named and the marks placed;
# the list of marks goes to DST.marks (one per line: KIND NUMBER WHAT).
# Marks are tiny white text inside text that is there anyway: the topmost
# label of a chart's SVG and the end of its caption, the first and the
# last cell of a table, the end of a heading.
mark() {
    python3 - "$1" "$2" "$3" <<'PY'
import re, sys
src, dst, paper = sys.argv[1:4]
html = open(src, encoding="utf-8").read()
span = '<span style="font-size:3px;color:#fff">%s</span>'
tspan = '<tspan font-size="3" fill="#fff">%s</tspan>'
blocks = []  # (start, kind, match)
for m in re.finditer(r'<figure>.*?</figure>', html, re.S):
    blocks.append((m.start(), 'figure', m))
for m in re.finditer(r'<table[^>]*>.*?</table>', html, re.S):
    blocks.append((m.start(), 'table', m))
for m in re.finditer(r'</h[23]>', html):
    blocks.append((m.start(), 'heading', m))
blocks.sort(key=lambda b: b[0])
inserts, marks = [], []
for n, (_, kind, m) in enumerate(blocks, 1):
    tag = lambda k: 'GPMK%s%03d' % (k, n)
    if kind == 'heading':
        inserts.append((m.start(), span % tag('H')))
        marks.append('heading %03d' % n)
        continue
    body, base = m.group(0), m.start()
    if kind == 'figure':
        texts = [(float(t.group(1)), t) for t in
                 re.finditer(r'<text[^>]*\by="([-0-9.]+)"[^>]*>.*?(</text>)', body, re.S)]
        top = min(texts, key=lambda t: t[0])[1]
        inserts.append((base + top.start(2), tspan % tag('S')))
        inserts.append((base + body.rindex('</figcaption>'), span % tag('E')))
    else:
        cells = [c.end() for c in re.finditer(r'<t[hd](?:\s[^>]*)?>', body)]
        inserts.append((base + cells[0], span % tag('S')))
        inserts.append((base + cells[-1], span % tag('E')))
    marks.append('start %03d %s' % (n, kind))
for pos, text in sorted(inserts, key=lambda x: x[0], reverse=True):
    html = html[:pos] + text + html[pos:]
page = {'a4': 'A4 portrait', 'letter': 'letter portrait'}[paper]
html = html.replace('</head>', '<style>@page{size:%s}</style></head>' % page, 1)
open(dst, 'w', encoding='utf-8').write(html)
open(dst + '.marks', 'w').write('\n'.join(marks) + '\n')
PY
}

# judge PDF MARKS: every mark found once; starts and ends of one chart or
# table on one page; each heading on the page of what follows it. Prints
# one line per problem, nothing when all is well.
judge() {
    python3 - "$1" "$2" <<'PY'
import re, subprocess, sys
pdf, marks = sys.argv[1:3]
info = subprocess.run(['pdfinfo', pdf], capture_output=True, text=True).stdout
pages = int(re.search(r'^Pages:\s+(\d+)', info, re.M).group(1))
where = {}
for p in range(1, pages + 1):
    t = subprocess.run(['pdftotext', '-f', str(p), '-l', str(p), pdf, '-'],
                       capture_output=True, text=True).stdout
    for tag in re.findall(r'GPMK[SEH]\d{3}', t):
        where.setdefault(tag, []).append(p)
lines = [l.split() for l in open(marks) if l.strip()]
bad = []
for l in lines:
    for k in ('H',) if l[0] == 'heading' else ('S', 'E'):
        tag = 'GPMK' + k + l[1]
        if len(where.get(tag, [])) != 1:
            bad.append('mark %s found on pages %s' % (tag, where.get(tag)))
for l in lines:
    if l[0] == 'start':
        s, e = where.get('GPMKS' + l[1], [0])[0], where.get('GPMKE' + l[1], [0])[0]
        if s != e:
            bad.append('%s %s starts on page %d and ends on page %d' % (l[2], l[1], s, e))
for i, l in enumerate(lines[:-1]):
    nxt = lines[i + 1]
    if l[0] == 'heading' and nxt[0] == 'start':
        h, s = where.get('GPMKH' + l[1], [0])[0], where.get('GPMKS' + nxt[1], [0])[0]
        if h != s:
            bad.append('heading %s is on page %d, the %s under it starts on page %d'
                       % (l[1], h, nxt[2], s))
print('\n'.join(bad))
print('pages %d' % pages, file=sys.stderr)
PY
}

for yaml in "$top_srcdir"/scenarios/*.yaml; do
    name=$(basename "$yaml" .yaml)
    [ "$name" = prices ] && continue
    if ! "$GPUPLAN" report --format html "$name" >"$TMP/$name.html" 2>"$TMP/err"; then
        fail "$name: report --format html failed: $(head -1 "$TMP/err")"
        continue
    fi
    for paper in a4 letter; do
        mark "$TMP/$name.html" "$TMP/$name-$paper.html" "$paper"
        pdf=$TMP/$name-$paper.pdf
        if ! print_pdf "$TMP/$name-$paper.html" "$pdf" || [ ! -s "$pdf" ]; then
            fail "$name ($paper): no PDF: $(tail -2 "$TMP/log")"
            continue
        fi
        # Every page of the paper asked for, portrait.
        case $paper in
        a4) want='594.96 x 841.92 pts (A4)' ;;
        letter) want='612 x 792 pts (letter)' ;;
        esac
        sizes=$(pdfinfo -f 1 -l 999 "$pdf" | sed -n 's/^Page *[0-9]* size: *//p' | sort -u)
        [ "$sizes" = "$want" ] && ok || fail "$name ($paper): page sizes '$sizes', expected '$want'"
        problems=$(judge "$pdf" "$TMP/$name-$paper.html.marks" 2>"$TMP/pages")
        if [ -z "$problems" ]; then ok; else
            fail "$name ($paper): split across pages:"
            echo "$problems" | sed 's/^/  /' >&2
        fi
        npages=$(sed -n 's/^pages //p' "$TMP/pages")
        nmarks=$(grep -c '^start' "$TMP/$name-$paper.html.marks")
        # At most one page per chart or table and two for the rest: a
        # report that breaks before every block would run far longer.
        [ "${npages:-99}" -le $((nmarks + 2)) ] && ok ||
            fail "$name ($paper): $npages pages for $nmarks charts and tables"
        echo "$name ($paper): $npages pages, $nmarks charts and tables, $(stat -c %s "$pdf") bytes of PDF"
        if [ "$paper" = a4 ]; then
            rm -f "$shots/check_html_print-$name-page"-*.png
            pdftoppm -r 50 -png "$pdf" "$shots/check_html_print-$name-page"
        fi
    done
done
finish
