/* commitment.c: a commitment as AWS sells it (DESIGN 2.9); see
 * commitment.h. */
#include "config.h"

#include "commitment.h"

double commitment_rate(const Cloud *c)
{
    return c->commitment == COMMIT_CAPACITY_RESERVATION
               ? c->on_demand_gpu_hour
               : c->reserved_gpu_hour;
}

double commitment_upfront_share(const Cloud *c)
{
    switch (c->commitment) {
    case COMMIT_CAPACITY_BLOCK:
        return 1;
    case COMMIT_CAPACITY_RESERVATION:
        return 0;
    default:
        break;
    }
    switch (c->reserved_payment) {
    case PAY_PARTIAL_UPFRONT:
        return 0.5;
    case PAY_ALL_UPFRONT:
        return 1;
    default:
        return 0;
    }
}

bool commitment_has_term(const Cloud *c)
{
    return c->commitment != COMMIT_CAPACITY_RESERVATION;
}

const char *commitment_kind_words(const Cloud *c)
{
    static const char *const w[COMMIT_COUNT] = {
        "Savings Plan", "Reserved Instance", "capacity blocks",
        "capacity reservation"};
    return (unsigned)c->commitment < COMMIT_COUNT ? w[c->commitment] : "?";
}

const char *commitment_payment_words(const Cloud *c)
{
    if (c->commitment == COMMIT_CAPACITY_BLOCK)
        return "paid when booked";
    if (c->commitment == COMMIT_CAPACITY_RESERVATION)
        return "billed monthly";
    static const char *const w[PAY_COUNT] = {"no upfront", "partial upfront",
                                             "all upfront"};
    return (unsigned)c->reserved_payment < PAY_COUNT ? w[c->reserved_payment]
                                                     : "?";
}
