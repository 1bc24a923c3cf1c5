/* planner.h: the interactive planner's state, shared by its modules
 * (app.c the loop, screen.c the layout and drawing, actions.c the keys,
 * edit.c the changes, commands.c the `:` line, files.c, export_dialog.c,
 * price_picker.c, list_panel.c, hybrid_panel.c, risk_panel.c, risk_live.c,
 * risk_view.c).
 *
 * Every key handler returns a Reaction: what must be redrawn (as htop's
 * actions return Htop_Reaction). Only the loop turns reactions into the
 * dirty set and draws (HACKING 5). */
#ifndef GPUPLAN_PLANNER_H
#define GPUPLAN_PLANNER_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

#include "canvas.h"
#include "chart.h"
#include "cost.h"
#include "dialog.h"
#include "document.h"
#include "file_lock.h"
#include "export.h"
#include "fields.h"
#include "horizon.h"
#include "hybrid.h"
#include "hybrid_work.h"
#include "line_edit.h"
#include "msg.h"
#include "notes_edit.h"
#include "prices.h"
#include "recover.h"
#include "risk.h"

/* What a handler asks the loop to redraw, or to do. */
typedef unsigned Reaction;
enum {
    R_NONE = 0,
    R_TITLE = 1 << 0,
    R_FORM = 1 << 1,
    R_RESULTS = 1 << 2,
    R_CHART = 1 << 3,
    R_MSG = 1 << 4,
    R_LINE = 1 << 5,
    /* every window */
    R_ALL = R_TITLE | R_FORM | R_RESULTS | R_CHART | R_MSG | R_LINE,
    R_CLEAR = 1 << 6, /* repaint the whole terminal (resize, Ctrl-L) */
    R_QUIT = 1 << 7   /* leave the loop */
};

/* What a dialog's answer is for. */
enum { P_NONE, P_QUIT, P_SAVE_PATH, P_RECOVER, P_EXPORT_FMT, P_EXPORT_PATH, P_PICK,
       P_PRICES, P_LIST_DELETE, P_OVERWRITE, P_DISK_CHANGED, P_EXPORT_OVERWRITE,
       P_SEEK_APPLY, P_RECOVER_LIST, P_RECOVER_ALL, P_RECOVER_CONFLICT,
       P_RECOVER_BROKEN };

/* The Risk panel's Monte Carlo beside the loop (risk_live.h). */
typedef struct RiskLive RiskLive;

/* Where keys go (mode.h, after tmux's window modes): the base modes, then
 * the two that lie over them while they last. */
typedef enum Mode {
    MODE_NORMAL,  /* moving between panels and fields (actions.c) */
    MODE_EDIT,    /* a value typed in place (edit.c) */
    MODE_NOTES,   /* the notes editor (edit.c) */
    MODE_COMMAND, /* the `:` line (commands.c) */
    MODE_SEARCH,  /* the `/` line (search.c) */
    MODE_DIALOG,  /* a question, a list or the help is open (dlg) */
    MODE_SMALL,   /* the terminal is too small (too_small) */
    MODE_COUNT
} Mode;

/* What to do once unsaved changes are dealt with. */
typedef enum Pending { PEND_NONE, PEND_QUIT, PEND_PICK, PEND_OPEN } Pending;

/* What the canvas holds, when it holds a cost chart of the main view:
 * screen_chart.c paints it again without computing it while these stay,
 * and shows the window as it is while it holds the canvas painted. */
typedef struct CanvasMemo {
    bool valid;
    ChartKind kind;
    bool unicode;
    Scenario of;            /* its main view's sections (scenario_copy_main) */
    CostResult res;         /* and the figures it was drawn from */
    HorizonFigures horizon;
    bool painted;           /* the chart window holds the canvas as it is */
    bool painted_dim;       /* painted dimmed (stale figures) */
} CanvasMemo;

typedef struct App {
    Document doc;   /* the scenario, its file, undo and redo */
    /* The draft (edit.h): what res was computed from. It equals doc.cur
     * except while a value is typed, when it holds the last value typed
     * that the edit path accepted; every change is made to it through
     * scenario_edit.h and committed from it (edit_commit). */
    Scenario shown;
    CostResult res;
    HorizonFigures horizon; /* shown's horizon, evaluated with res */
    bool stale;

    Mode mode; /* the base mode: MODE_NORMAL .. MODE_COMMAND (mode.h) */
    Panel panel;
    size_t sel[PANEL_COUNT], top[PANEL_COUNT];
    bool edit_bad;
    FieldRef edit_ref;   /* the field being edited (edit.c) */
    bool edit_previewed; /* the draft holds edit.text's value, or edit_bad
                          * says the edit path refused it */
    bool edit_wide; /* the edit was drawn over the results (screen.c) */
    LineEdit edit;
    NotesEdit notes; /* the notes editor (MODE_NOTES) */
    size_t notes_top; /* its first wrapped row on screen */
    int notes_width;  /* the columns it wraps at, from the last draw */
    LineEdit cmd; /* the `:` line (MODE_COMMAND) and the `/` line (MODE_SEARCH) */
    char search[LINE_EDIT_MAX]; /* the last search (search.c), "" = none */
    struct {
        Panel panel;
        size_t sel[PANEL_COUNT], top[PANEL_COUNT], hcol;
    } search_from; /* where the `/` line was opened: Esc goes back there */
    size_t search_hits, search_hit; /* matches of the text typed, the one
                                     * selected (from 1; 0 = none) */
    Dialog dlg;
    Pending pending;
    char pending_path[DOC_PATH_MAX];
    char overwrite_path[DOC_PATH_MAX]; /* a save's or export's target waiting
                                        * for an answer */
    FileLock lock; /* "open in another planner" beside doc.path */
    ExportFormat export_fmt;
    ChartKind chart;    /* the chart shown (c cycles, actions.c) */
    bool chart_zoom;    /* the chart full-screen (z) */
    Tornado *tornado;   /* its figures, of `shown`; allocated at first use */
    Scenario *risk_work; /* scratch of the tornado and :seek */
    char seek_key[64], seek_value[64]; /* :seek's answer waiting for a yes */
    RiskLive *live; /* the Risk panel's Monte Carlo; NULL until it shows */
    HybridResult hres; /* from shown.hybrid when shown.has_hybrid; while
                        * hwork.pending, of an earlier version of it */
    HybridWork hwork;  /* computes hres beside the loop */
    size_t hybrid_form_rows; /* form_hybrid_rows() when the Hybrid
                              * selection was last kept (edit.c) */
    size_t hcol; /* selected cell of a Hybrid workload's or a Risk input's row */
    PriceBook *book; /* while the price book picker is open, else NULL */
    long price_workload; /* the Hybrid workload whose cloud_gpu_hour the
                          * open picker fills; -1: the Cloud panel's prices */
    RecoverEntry *rec;   /* recoveries being offered (DESIGN 7), malloc'd */
    size_t rec_n, rec_i; /* how many, the one selected */
    struct RecoverMerge *merge; /* a recovery being merged (recover_offer.c) */
    char recovered_from[RECOVER_PATH_MAX]; /* accepted; removed on save */

    struct CompareView *compare; /* :compare's scenario B, NULL when none
                                  * (compare_view.c) */
    Scenario *opened;            /* the scenario as its file was opened
                                  * (:diff; compare_view_opened) */
    unsigned long res_gen;       /* evaluations of res so far (edit.c) */
    Scenario res_of; /* res and horizon are of its main view's sections
                      * (scenario_copy_main), once res_gen > 0 */

    MsgLine msg; /* the status line's message and its log (msg.h) */

    int rows, cols;
    bool too_small;
    WINDOW *w_title, *w_form, *w_results, *w_chart, *w_msg, *w_line;
    WINDOW *w_verdict; /* the short layout (below 24 rows) only */
    int verdict_h;     /* its rows */
    bool wide_results; /* the results take the columns the panel leaves (screen.c) */
    bool panel_more;   /* the panel's rows do not all show: the help line
                        * gives the selected row's position (screen.c) */
    Canvas canvas;
    CanvasMemo canvas_memo;
    Reaction dirty; /* what the next draw repaints */
    bool quit;
    int status;
} App;

#endif
