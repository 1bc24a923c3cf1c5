/* export_hybrid_lines.c: the hybrid plan's summary lines, worded once for
 * the text, Markdown and HTML reports (DESIGN 4.2, 6). */
#include "config.h"

#include "export.h"

#include "numfmt.h"

/* "4 nodes" / "1 node" */
static const char *plural(double n) { return n == 1 ? "" : "s"; }

void export_hybrid_line(const Scenario *s, const HybridResult *h, int i, StrBuf *b)
{
    const char *cur = s->currency;
    char a[64], c[64], d[64], e[64];
    switch (i) {
    case EXPORT_HYBRID_ONPREM:
        num_format_money(h->onprem.monthly, 2, a, sizeof a);
        sb_printf(b, "On-prem: %.0f node%s, %.1f%% utilization, %s %s", h->onprem_nodes,
                  plural(h->onprem_nodes), h->onprem.utilization_pct, a, cur);
        break;
    case EXPORT_HYBRID_CLOUD:
        num_format_money(h->cloud.monthly, 2, a, sizeof a);
        num_format_money(h->cloud.on_demand.monthly, 2, c, sizeof c);
        num_format_money(h->cloud.spot.monthly, 2, d, sizeof d);
        num_format_money(h->cloud.fixed_monthly, 2, e, sizeof e);
        sb_printf(b, "Cloud: %s %s (on-demand %s, spot %s, fixed %s)", a, cur, c, d, e);
        break;
    case EXPORT_HYBRID_UNSERVED: /* DESIGN 6.2 */
        if (h->unserved.jobs <= 0) {
            sb_append(b, "Unserved at the end of the period: none");
            break;
        }
        num_format_money(h->unserved.gpu_hours, 1, a, sizeof a);
        num_format_money(h->unserved.monthly, 2, c, sizeof c);
        num_format_money(h->unserved.jobs, 0, d, sizeof d);
        sb_printf(b, "Unserved at the end of the period: %s job%s, %s GPU-hours, "
                  "finished in the cloud for %s %s (in the total)", d,
                  plural(h->unserved.jobs), a, c, cur);
        break;
    case EXPORT_HYBRID_WORK: { /* DESIGN 6.2 */
        char f[64];
        num_format_money(h->work.demand_gpu_hours, 1, a, sizeof a);
        num_format_money(h->work.onprem_gpu_hours, 1, c, sizeof c);
        num_format_money(h->work.carried_gpu_hours, 1, d, sizeof d);
        num_format_money(h->work.cloud_gpu_hours, 1, e, sizeof e);
        num_format_money(h->work.unserved_gpu_hours, 1, f, sizeof f);
        sb_printf(b, "Work: %s GPU-hours = on-prem %s + after the period %s + "
                  "cloud %s + unserved %s", a, c, d, e, f);
        break;
    }
    case EXPORT_HYBRID_COMMIT:
        num_format_money(h->commit.monthly, 2, a, sizeof a);
        num_format_money(h->commit.saving_monthly, 2, c, sizeof c);
        sb_printf(b, "Commitment from the load: %.0f GPU%s committed, on-demand %s %s "
                  "(saving %s)", h->commit.gpus, plural(h->commit.gpus), a, cur, c);
        break;
    case EXPORT_HYBRID_SCHEDULING:
        sb_printf(b, "Scheduling: %s, %.0f backfilled job%s, %.0f late",
                  s->hybrid.backfill ? "EASY backfill" : "strict order",
                  h->backfilled_jobs, plural(h->backfilled_jobs), h->late_jobs);
        break;
    case EXPORT_HYBRID_TOTAL:
        num_format_money(h->total_monthly, 2, a, sizeof a);
        sb_printf(b, "Total: %s %s", a, cur);
        break;
    case EXPORT_HYBRID_ALL_CLOUD:
        num_format_money(h->all_cloud.monthly, 2, a, sizeof a);
        sb_printf(b, "All cloud: %s %s", a, cur);
        break;
    case EXPORT_HYBRID_ALL_ONPREM:
        num_format_money(h->all_onprem.monthly, 2, a, sizeof a);
        sb_printf(b, "All on-prem: %.0f node%s, %.1f%% utilization, %s %s",
                  h->all_onprem.nodes, plural(h->all_onprem.nodes),
                  h->all_onprem.utilization_pct, a, cur);
        break;
    case EXPORT_HYBRID_OPTIMUM:
        num_format_money(h->optimum.total_monthly, 2, a, sizeof a);
        sb_printf(b, "Optimum: %.0f on-prem node%s, %s %s total", h->optimum.onprem_nodes,
                  plural(h->optimum.onprem_nodes), a, cur);
        if (h->optimum.unserved_jobs > 0) /* DESIGN 6.2 */
            sb_printf(b, ", %.0f unserved job%s finished in the cloud",
                      h->optimum.unserved_jobs, plural(h->optimum.unserved_jobs));
        if (h->cheapest.all_onprem) { /* DESIGN 6.3 */
            num_format_money(h->cheapest.total_monthly, 2, c, sizeof c);
            sb_printf(b, "; cheaper overall: all on-prem, %.0f node%s, %s %s",
                      h->cheapest.onprem_nodes, plural(h->cheapest.onprem_nodes), c, cur);
        }
        break;
    case EXPORT_HYBRID_SIZES: { /* DESIGN 6.6: only when sizes were left out */
        size_t n = hybrid_sizes_simulated(h);
        if (n == h->by_nodes_count)
            break;
        num_format_money((double)n, 0, a, sizeof a);
        num_format_money((double)h->by_nodes_count, 0, c, sizeof c);
        sb_printf(b, "Sizes simulated in full: %s of %s (the others' lower bounds rule "
                  "them out)", a, c);
        break;
    }
    default:
        break;
    }
}
