/* svg.c: HTML text escaping and SVG elements for the HTML report; see
 * svg.h. */
#include "config.h"

#include "svg.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "utf8.h"

void html_text_n(StrBuf *b, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t run = 0; /* bytes copied as they are, flushed in one append */
    for (size_t i = 0; i < n && p[i]; i++) {
        unsigned char c = p[i];
        const char *rep = NULL;
        char pic[4];
        size_t skip = 0;
        switch (c) {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '"': rep = "&quot;"; break;
        case '\'': rep = "&#39;"; break;
        default:
            if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) {
                /* U+2400 + c (U+2421 for DEL), in UTF-8: E2 90 80+c. */
                uint32_t cp = c == 0x7f ? 0x2421 : 0x2400 + (uint32_t)c;
                pic[utf8_encode(cp, pic)] = '\0';
                rep = pic;
            } else if (c >= 0x80) {
                uint32_t cp;
                size_t len = utf8_decode(s + i, n - i, &cp);
                if (len && cp >= 0x80 && cp <= 0x9F) {
                    rep = "\xEF\xBF\xBD"; /* a C1 control */
                    skip = len - 1;
                }
            }
            break;
        }
        if (!rep) {
            run++;
            continue;
        }
        if (run)
            sb_append_n(b, (const char *)p + i - run, run);
        run = 0;
        sb_append(b, rep);
        i += skip;
    }
    /* The bytes since the last replacement end at the first NUL or n. */
    size_t end = 0;
    while (end < n && p[end])
        end++;
    if (run)
        sb_append_n(b, (const char *)p + end - run, run);
}

void html_text(StrBuf *b, const char *s) { html_text_n(b, s, strlen(s)); }

void html_element(StrBuf *b, const char *tag, const char *cls, const char *text)
{
    if (cls)
        sb_printf(b, "<%s class=\"%s\">", tag, cls);
    else
        sb_printf(b, "<%s>", tag);
    html_text(b, text);
    sb_printf(b, "</%s>", tag);
}

void html_figcaption(StrBuf *b, const char *caption)
{
    sb_append(b, "<figcaption>");
    html_text(b, caption);
    sb_append(b, "</figcaption>\n</figure>\n");
}

void svg_num(StrBuf *b, double v)
{
    if (!isfinite(v))
        v = 0;
    double r = round(v * 10) / 10;
    if (r == 0)
        r = 0; /* no "-0.0" */
    if (r == round(r))
        sb_printf(b, "%.0f", r);
    else
        sb_printf(b, "%.1f", r);
}

static void attr_class(StrBuf *b, const char *cls)
{
    if (cls) {
        sb_append(b, " class=\"");
        html_text(b, cls);
        sb_append(b, "\"");
    }
}

void svg_open(StrBuf *b, const char *id, const char *cls, int width, int height,
              const char *title)
{
    sb_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\"", id);
    attr_class(b, cls);
    sb_printf(b, " width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
              "aria-labelledby=\"%s-title\">\n<title id=\"%s-title\">",
              width, height, width, height, id, id);
    html_text(b, title);
    sb_append(b, "</title>\n");
}

void svg_close(StrBuf *b) { sb_append(b, "</svg>\n"); }

void svg_line(StrBuf *b, double x1, double y1, double x2, double y2,
              const char *cls)
{
    sb_append(b, "<line x1=\"");
    svg_num(b, x1);
    sb_append(b, "\" y1=\"");
    svg_num(b, y1);
    sb_append(b, "\" x2=\"");
    svg_num(b, x2);
    sb_append(b, "\" y2=\"");
    svg_num(b, y2);
    sb_append(b, "\"");
    attr_class(b, cls);
    sb_append(b, "/>\n");
}

void svg_rect(StrBuf *b, double x, double y, double w, double h,
              const char *cls)
{
    sb_append(b, "<rect x=\"");
    svg_num(b, x);
    sb_append(b, "\" y=\"");
    svg_num(b, y);
    sb_append(b, "\" width=\"");
    svg_num(b, w);
    sb_append(b, "\" height=\"");
    svg_num(b, h);
    sb_append(b, "\"");
    attr_class(b, cls);
    sb_append(b, "/>\n");
}

void svg_circle(StrBuf *b, double cx, double cy, double r, const char *cls)
{
    sb_append(b, "<circle cx=\"");
    svg_num(b, cx);
    sb_append(b, "\" cy=\"");
    svg_num(b, cy);
    sb_append(b, "\" r=\"");
    svg_num(b, r);
    sb_append(b, "\"");
    attr_class(b, cls);
    sb_append(b, "/>\n");
}

void svg_text(StrBuf *b, double x, double y, const char *anchor,
              const char *cls, const char *text)
{
    sb_append(b, "<text x=\"");
    svg_num(b, x);
    sb_append(b, "\" y=\"");
    svg_num(b, y);
    sb_append(b, "\"");
    if (anchor && strcmp(anchor, "start") != 0)
        sb_printf(b, " text-anchor=\"%s\"", anchor);
    attr_class(b, cls);
    sb_append(b, ">");
    html_text(b, text);
    sb_append(b, "</text>\n");
}

double svg_text_width(const char *text, double size)
{
    /* Widths of a common sans-serif face (DejaVu Sans, which is wide, so
     * narrower faces only leave more room): digits 0.64 of the size, capitals
     * about 0.7, lower case about 0.6, thin marks 0.32; count code points,
     * not bytes. */
    double w = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (utf8_is_cont(*p))
            continue;
        if (*p && strchr("il.,:;|' ", (char)*p))
            w += 0.32;
        else if (*p >= '0' && *p <= '9')
            w += 0.64;
        else if (*p >= 'A' && *p <= 'Z')
            w += 0.7;
        else
            w += 0.6;
    }
    return w * size;
}

double svg_legend_width(const char *text)
{
    return 24 + svg_text_width(text, 12) + 18;
}

double svg_legend_item(StrBuf *b, double x, double y, SvgSwatch swatch,
                       const char *cls, const char *text)
{
    switch (swatch) {
    case SWATCH_LINE:
    case SWATCH_DASHED:
        svg_line(b, x, y - 4, x + 18, y - 4, cls);
        break;
    case SWATCH_RING:
        svg_circle(b, x + 9, y - 4, 4.5, cls);
        break;
    case SWATCH_BOX:
        svg_rect(b, x + 2, y - 10, 12, 12, cls);
        break;
    case SWATCH_NONE:
        break;
    }
    svg_text(b, x + 24, y, "start", "legend", text);
    return x + svg_legend_width(text);
}

void svg_place_label(SvgLabels *l, const double (*cand)[2], size_t n, double w,
                     double *x, double *y)
{
    double tx = cand[0][0], ty = cand[0][1];
    for (size_t c = 0; c < n; c++) {
        double x0 = cand[c][0], y0 = cand[c][1];
        bool ok = x0 >= l->left && x0 + w <= l->right && y0 - 12 >= l->top &&
                  y0 <= l->bottom - 2;
        for (size_t q = 0; ok && q < l->count; q++)
            ok = x0 + w < l->box[q][0] || x0 > l->box[q][2] ||
                 y0 < l->box[q][1] || y0 - 12 > l->box[q][3];
        if (ok) {
            tx = x0;
            ty = y0;
            break;
        }
    }
    if (l->count < l->cap) {
        double *p = l->box[l->count++];
        p[0] = tx - 2;
        p[1] = ty - 14;
        p[2] = tx + w + 2;
        p[3] = ty + 2;
    }
    *x = tx;
    *y = ty;
}
