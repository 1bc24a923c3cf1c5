/* timestamp.c: record times as UTC seconds, DESIGN 10. */
#include "config.h"

#include "timestamp.h"

#include <string.h>
#include <time.h>

#include "measure.h"

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b < 0) ? q - 1 : q;
}

void timezone_init(TimeZone *z, bool utc)
{
    z->utc = utc;
    for (size_t i = 0; i < TIMEZONE_CACHE; i++)
        z->cache_hour[i] = INT64_MIN;
    if (!utc)
        tzset();
}

static long gmtoff(int64_t t)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (!localtime_r(&tt, &tm))
        return 0;
    return tm.tm_gmtoff;
}

long timezone_offset(TimeZone *z, int64_t t)
{
    return z->utc ? 0 : gmtoff(t);
}

int timezone_from_local(TimeZone *z, int64_t local, int64_t *first,
                        int64_t *second)
{
    if (z->utc) {
        *first = *second = local;
        return 1;
    }
    int64_t hour = floor_div(local, 3600);
    size_t k = (size_t)((uint64_t)hour & (TIMEZONE_CACHE - 1));
    if (z->cache_hour[k] == hour) {
        *first = *second = local - z->cache_off[k];
        return 1;
    }
    /* The offsets a day either side: equal, no clock change is near (zones
     * change their clocks months apart), and the hour is regular. */
    long before = gmtoff(local - 86400), after = gmtoff(local + 86400);
    if (before == after) {
        z->cache_hour[k] = hour;
        z->cache_off[k] = before;
        *first = *second = local - before;
        return 1;
    }
    int64_t ua = local - before, ub = local - after;
    bool va = gmtoff(ua) == before, vb = gmtoff(ub) == after;
    if (va && vb) {
        *first = ua < ub ? ua : ub;
        *second = ua < ub ? ub : ua;
        return 2;
    }
    if (va || vb) {
        *first = *second = va ? ua : ub;
        return 1;
    }
    *first = *second = ua; /* skipped: the offset before the change */
    return 0;
}

/* Read exactly `digits` digits at s[*i]. */
static bool digits_at(const char *s, size_t n, size_t *i, int digits,
                      int64_t *v)
{
    int64_t x = 0;
    for (int k = 0; k < digits; k++) {
        if (*i >= n || s[*i] < '0' || s[*i] > '9')
            return false;
        x = x * 10 + (s[(*i)++] - '0');
    }
    *v = x;
    return true;
}

static bool word_is(const char *s, size_t n, const char *w)
{
    size_t wn = strlen(w);
    if (n != wn)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != w[i])
            return false;
    }
    return true;
}

static TimeStatus bad(const char **why, size_t *at, const char *what,
                      size_t where)
{
    *why = what;
    *at = where;
    return TIME_BAD;
}

/* Epoch seconds: digits, an optional fraction. */
static TimeStatus epoch(const char *s, size_t n, size_t i0, int64_t *t,
                        const char **why, size_t *at)
{
    int64_t v = 0;
    size_t i = i0;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        if (v > (INT64_C(253402300799) - 9) / 10)
            return bad(why, at, "is after the year 9999", i0);
        v = v * 10 + (s[i++] - '0');
    }
    if (i < n && s[i] == '.') {
        size_t f = ++i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (i == f)
            return bad(why, at, "has no digits after its '.'", f);
        if (s[f] >= '5')
            v++;
    }
    if (i != n)
        return bad(why, at, "is not a time", i);
    *t = v;
    return TIME_OK;
}

/* The offset after an ISO time: Z, +HH:MM, +HHMM or +HH. */
static bool zone_of(const char *s, size_t n, size_t *i, long *off)
{
    if (s[*i] == 'Z' || s[*i] == 'z') {
        (*i)++;
        *off = 0;
        return true;
    }
    int sign = s[*i] == '-' ? -1 : 1;
    (*i)++;
    int64_t hh, mm = 0;
    if (!digits_at(s, n, i, 2, &hh) || hh > 23)
        return false;
    if (*i < n && s[*i] == ':')
        (*i)++;
    if (*i < n && !digits_at(s, n, i, 2, &mm))
        return false;
    if (mm > 59)
        return false;
    *off = sign * (long)(hh * 3600 + mm * 60);
    return true;
}

static const int month_days[12] = {31, 29, 31, 30, 31, 30,
                                   31, 31, 30, 31, 30, 31};

static TimeStatus iso(const char *s, size_t n, size_t i0, TimeZone *z,
                      int64_t *t, int64_t *later, const char **why, size_t *at)
{
    size_t i = i0;
    int64_t y, mo, d, hh = 0, mi = 0, ss = 0;
    if (!digits_at(s, n, &i, 4, &y) || i >= n || s[i++] != '-' ||
        !digits_at(s, n, &i, 2, &mo) || i >= n || s[i++] != '-' ||
        !digits_at(s, n, &i, 2, &d))
        return bad(why, at, "is not a time", i0);
    if (y < 1900)
        return bad(why, at, "is before the year 1900", i0);
    if (mo < 1 || mo > 12)
        return bad(why, at, "has a month that is not 01..12", i0 + 5);
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (d < 1 || d > month_days[mo - 1] || (mo == 2 && d == 29 && !leap))
        return bad(why, at, "has a day that is not in its month", i0 + 8);
    bool has_time = i < n && (s[i] == 'T' || s[i] == 't' || s[i] == ' ');
    if (has_time) {
        i++;
        size_t h0 = i;
        if (!digits_at(s, n, &i, 2, &hh) || i >= n || s[i++] != ':' ||
            !digits_at(s, n, &i, 2, &mi))
            return bad(why, at, "has no HH:MM after its date", h0);
        if (hh > 23 || mi > 59)
            return bad(why, at, "has an hour or minute out of range", h0);
        if (i < n && s[i] == ':') {
            i++;
            if (!digits_at(s, n, &i, 2, &ss) || ss > 60)
                return bad(why, at, "has seconds that are not 00..60", i);
        }
        if (i < n && (s[i] == '.' || s[i] == ',')) {
            size_t f = ++i;
            while (i < n && s[i] >= '0' && s[i] <= '9')
                i++;
            if (i == f)
                return bad(why, at, "has no digits after its '.'", f);
            if (s[f] >= '5')
                ss++;
        }
    }
    int64_t local = measure_days_from_civil(y, (int)mo, (int)d) * 86400 +
                    hh * 3600 + mi * 60 + ss;
    if (i < n && (s[i] == 'Z' || s[i] == 'z' || s[i] == '+' || s[i] == '-')) {
        size_t z0 = i;
        long off;
        if (!zone_of(s, n, &i, &off) || i != n)
            return bad(why, at, "has an offset that is not Z, +HH:MM or +HHMM",
                       z0);
        *t = *later = local - off;
        return TIME_OK;
    }
    if (i != n)
        return bad(why, at, "has text after the time", i);
    timezone_from_local(z, local, t, later);
    return TIME_OK;
}

TimeStatus timestamp_parse(const char *s, size_t n, TimeZone *z, int64_t *t,
                           int64_t *later, const char **why, size_t *at)
{
    size_t a = 0;
    while (a < n && (s[a] == ' ' || s[a] == '\t'))
        a++;
    while (n > a && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    if (n == a || word_is(s + a, n - a, "unknown") ||
        word_is(s + a, n - a, "none"))
        return TIME_UNKNOWN;
    if (s[a] == '-' || s[a] == '+')
        return bad(why, at, "is not a time (a signed number)", a);
    /* ISO 8601 starts with four digits and a '-'; anything else that
     * starts with a digit is epoch seconds. */
    bool iso_like = n - a >= 5 && s[a + 4] == '-';
    if (s[a] < '0' || s[a] > '9')
        return bad(why, at, "is not a time", a);
    TimeStatus st = iso_like ? iso(s, n, a, z, t, later, why, at)
                             : epoch(s, n, a, t, why, at);
    if (st == TIME_OK && !iso_like)
        *later = *t;
    return st;
}
