/* export.c: the exporters' dispatch (DESIGN 4): the formats' names and
 * extensions, and which exporter writes a report or `gpuplan risk` in a
 * format.
 *
 * Every format is written by its own file (export_text.c, export_html.c,
 * export_json.c, export_csv.c, export_risk.c); none calls another, and none
 * calls this file: what two formats say alike is export_words.c's, below
 * them all. */
#include "config.h"

#include "export.h"

#include <string.h>
#include <strings.h>

/* --- formats ---------------------------------------------------------------- */

bool export_format_parse(const char *name, ExportFormat *out)
{
    static const struct {
        const char *name;
        ExportFormat f;
    } names[] = {{"text", EXPORT_TEXT}, {"txt", EXPORT_TEXT},
                 {"md", EXPORT_MD},     {"markdown", EXPORT_MD},
                 {"json", EXPORT_JSON}, {"csv", EXPORT_CSV},
                 {"html", EXPORT_HTML}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].name) == 0) {
            *out = names[i].f;
            return true;
        }
    return false;
}

const char *export_format_name(ExportFormat f)
{
    switch (f) {
    case EXPORT_TEXT: return "text";
    case EXPORT_MD: return "md";
    case EXPORT_JSON: return "json";
    case EXPORT_CSV: return "csv";
    case EXPORT_HTML: return "html";
    }
    return "?";
}

static const struct {
    const char *ext;
    ExportFormat f;
} export_extensions[] = {{"md", EXPORT_MD},     {"html", EXPORT_HTML},
                         {"json", EXPORT_JSON}, {"csv", EXPORT_CSV},
                         {"txt", EXPORT_TEXT}};

bool export_format_from_path(const char *path, ExportFormat *out)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    if (!dot || dot == base) {
        *out = EXPORT_TEXT; /* no extension: the default */
        return true;
    }
    for (size_t i = 0; i < sizeof export_extensions / sizeof export_extensions[0]; i++)
        if (strcasecmp(dot + 1, export_extensions[i].ext) == 0) {
            *out = export_extensions[i].f;
            return true;
        }
    return false;
}

const char *export_format_extension(ExportFormat f)
{
    for (size_t i = 0; i < sizeof export_extensions / sizeof export_extensions[0]; i++)
        if (export_extensions[i].f == f)
            return export_extensions[i].ext;
    return "txt";
}

/* --- dispatch ---------------------------------------------------------------- */

void export_any(ExportFormat f, const Report *rep, StrBuf *b)
{
    switch (f) {
    case EXPORT_TEXT: export_report(rep, false, b); break;
    case EXPORT_MD: export_report(rep, true, b); break;
    case EXPORT_JSON: export_json(rep, b); break;
    case EXPORT_CSV: export_csv(rep, b); break;
    case EXPORT_HTML: export_html(rep, b); break;
    }
}

void export_risk(ExportFormat f, const Report *rep, StrBuf *b)
{
    const Scenario *s = rep->scenario;
    switch (f) {
    case EXPORT_TEXT:
    case EXPORT_MD:
        if (f == EXPORT_MD) {
            sb_append(b, "# Risk: ");
            export_md_cell(b, s->name);
            sb_printf(b, "\n\ngpuplan risk, %s.\n\n", rep->date);
        } else {
            sb_printf(b, "%s\ngpuplan risk, %s.\n\n", s->name, rep->date);
        }
        export_risk_section(rep, f == EXPORT_MD, b);
        break;
    case EXPORT_JSON: export_json(rep, b); break;
    case EXPORT_HTML: export_html(rep, b); break;
    case EXPORT_CSV: export_risk_csv(rep, b); break;
    }
}
