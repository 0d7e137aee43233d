"""Independent oracle for kid.test.ts's worked example (decision 0054).

A second implementation of the KID method, written from decision 0054's statement of the PRIIPs
steps (Annex II points 2, 17, 19-22; Annex II Parts 2-3; Annex IV; Annex VI/VII), sharing no code
with kid.ts. It reproduces the generator (mulberry32, seed 0x20170653) so both draw the same
bootstrap samples; everything downstream (sums, moments, rolling-window stressed volatility,
nearest-rank percentiles, VEV, classes, payoff, reduction in yield) is computed here on its own,
the payoff with Python's fractions (exact). Run: python3 kid-oracle.py
"""
import math
from fractions import Fraction as F

M = 0xFFFFFFFF
SIMS = 10_000
SEED = 0x20170653


def mulberry32(seed):
    a = seed & M

    def nxt():
        nonlocal a
        imul = lambda x, y: (x * y) & M
        a = (a + 0x6D2B79F5) & M
        t = a
        t = imul(t ^ (t >> 15), t | 1)
        t = (t ^ ((t + imul(t ^ (t >> 7), t | 61)) & M)) & M
        return ((t ^ (t >> 14)) & M) / 4294967296

    return nxt


def history():
    # The worked example's history: 1,260 daily log returns, a calm regime and a volatile spell.
    out = []
    for i in range(1260):
        amp = 0.03 if 600 <= i < 700 else 0.01
        out.append(0.0002 + amp * math.sin(1.3 * i))
    return out


def moments(xs):
    mean = sum(xs) / len(xs)  # left-to-right, as a reduce
    s = 0.0
    for x in xs:
        s += (x - mean) ** 2
    return mean, math.sqrt(s / (len(xs) - 1))


def pct(values, p):
    v = sorted(values)
    rank = max(1, math.ceil((p * len(v)) / 100))
    return v[rank - 1]


def ret4(log_level):
    r = math.expm1(log_level)
    return "%.4f" % (math.floor(r * 10000 + 0.5) / 10000)


def sums(returns, periods):
    nxt = mulberry32(SEED)
    n = len(returns)
    out = []
    for _ in range(SIMS):
        s = 0.0
        for _ in range(periods):
            s += returns[int(nxt() * n)]
        out.append(s)
    return out


def periods_of(days):
    return max(1, round(days * 252 / 365))


def stressed_sd(returns, term_days):
    sds = [moments(returns[i : i + 21])[1] for i in range(0, len(returns) - 21 + 1)]
    return pct(sds, 99 if term_days <= 365 else 90)


def simulate(returns, days, term_days):
    n = periods_of(days)
    mean, sd = moments(returns)
    ss = sums(returns, n)
    ssd = stressed_sd(returns, term_days)
    scen = [s - (n * sd * sd) / 2 for s in ss]
    market = [s - n * mean - (n * sd * sd) / 2 for s in ss]
    scale = ssd / sd
    stress = [n * mean + scale * (s - n * mean) - (n * ssd * ssd) / 2 for s in ss]
    sp = 1 if term_days <= 365 else 5
    return {
        # never above the unfavourable scenario (Annex IV point 2)
        "stress": ret4(min(pct(stress, sp), pct(scen, 10))),
        "unfavourable": ret4(pct(scen, 10)),
        "moderate": ret4(pct(scen, 50)),
        "favourable": ret4(pct(scen, 90)),
        "var": ret4(pct(market, 2.5)),
        "stressed_annual": ssd * math.sqrt(252),
        "stress_pct": sp,
    }


def payoff_minor(amount, r, protection, participation, cap):
    m = 1 + F(participation) / 100 * F(r)
    if cap is not None:
        m = min(m, F(cap) / 100)
    m = max(m, F(protection) / 100)
    return math.floor(amount * m)


def mrm_of(vev):
    for i, b in enumerate([0.005, 0.05, 0.12, 0.2, 0.3, 0.8]):
        if vev < b:
            return i + 1
    return 7


SRI = [[1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 4, 5, 6, 7], [3, 3, 3, 4, 5, 6, 7],
       [5, 5, 5, 5, 5, 6, 7], [5, 5, 5, 5, 5, 6, 7], [6, 6, 6, 6, 6, 6, 7]]


def crm_of(cqs, term_days):
    adj = cqs - 1 if term_days <= 365 and 1 <= cqs <= 5 else cqs
    return max(1, adj)


def kid(term_days, protection="90", participation="120", cap="140", entry_pct="1", exit_pct="2", cqs=3):
    returns = history()
    ref = 1_000_000
    entry = math.floor(F(ref) * F(entry_pct) / 100 + F(1, 2))
    exit_cost = math.floor(F(ref) * F(exit_pct) / 100 + F(1, 2))
    paid = ref + entry
    sim = simulate(returns, term_days, term_days)
    out = {"scenarios": {}}
    for name in ["stress", "unfavourable", "moderate", "favourable"]:
        out["scenarios"][name] = (sim[name], payoff_minor(ref, sim[name], protection, participation, cap))
    m = max(min(1 + float(participation) / 100 * float(sim["var"]), float(cap) / 100), float(protection) / 100)
    per_unit = m / (1 + float(entry_pct) / 100)
    t = term_days / 365
    vev = max(0.0, (math.sqrt(3.842 - 2 * math.log(per_unit)) - 1.96) / math.sqrt(t))
    mrm = mrm_of(vev)
    crm = crm_of(cqs, term_days)
    out.update(var=sim["var"], vev="%.4f" % vev, mrm=mrm, crm=crm, sri=SRI[crm - 1][mrm - 1],
               stressed="%.4f" % sim["stressed_annual"], stress_pct=sim["stress_pct"])

    def riy(days, at_maturity):
        mod = sim["moderate"] if at_maturity else simulate(returns, days, term_days)["moderate"]
        before = payoff_minor(ref, mod, protection, participation, cap)
        after = before - (0 if at_maturity else exit_cost)
        if days >= 365:
            rb = (before / ref) ** (365 / days) - 1
            ra = (max(after, 0) / paid) ** (365 / days) - 1
        else:
            rb, ra = before / ref - 1, after / paid - 1
        f4 = lambda x: "%.4f" % (math.floor(x * 10000 + 0.5) / 10000)
        return dict(days=days, moderate=mod, before=f4(rb), after=f4(ra),
                    annual=f4(rb - ra) if days >= 365 else None,
                    impact=f4(before / ref - after / paid))

    pts = []
    if term_days > 365:
        pts.append(riy(365, False))
    elif term_days >= 2:
        pts.append(riy(term_days // 2, False))
    pts.append(riy(term_days, True))
    out["costs"] = pts
    return out


if __name__ == "__main__":
    for term in (730, 180, 3650):
        print(term, kid(term))
