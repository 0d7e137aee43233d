"""Independent oracle for packages/money returns.test.ts (decision 0054).

Python's decimal at 50 digits, plain bisection on the period growth g (no float, no scipy, no
code shared with returns.ts). Cash flows as the client sees them: the start value V_a at the end of
day a, a flow F_t from the start of day t (= end of day t - 1), the end value V_b at the end of day b.
Solves V_a * g + sum F_t * g ** ((b - t + 1) / (b - a)) = V_b, then reports
  period  R = g - 1                      when b - a <= 365
  annual  r = g ** (365 / (b - a)) - 1   when b - a > 365 (XIRR: actual/365)
and Modified Dietz (V_b - V_a - F) / (V_a + sum w_t F_t) beside it. Run: python3 xirr.py
"""
from decimal import Decimal as D, getcontext

getcontext().prec = 50


def power(g, w):
    return (g.ln() * w).exp()


def solve(a, va, flows, b, vb):
    n = D(b - a)
    terms = [(D(va), D(1))] + [(D(f), D(b - t + 1) / n) for t, f in flows]
    f = lambda g: sum(x * power(g, w) for x, w in terms if x != 0) - D(vb)
    lo, hi = D("1e-12"), D(100)
    assert (f(lo) < 0) != (f(hi) < 0), "no bracket"
    for _ in range(200):
        mid = (lo + hi) / 2
        if (f(mid) < 0) == (f(lo) < 0):
            lo = mid
        else:
            hi = mid
    g = (lo + hi) / 2
    irr = g - 1 if b - a <= 365 else power(g, D(365) / n) - 1
    flow = sum(D(x) for _, x in flows)
    weighted = D(va) + sum(D(x) * D(b - t + 1) / n for t, x in flows)
    dietz = (D(vb) - D(va) - flow) / weighted
    return irr, dietz


CASES = {
    # name: (a, V_a, [(day, flow)], b, V_b), amounts in cents
    "volatile 90 days": (0, 10_000_000, [(31, 20_000_000), (61, -10_000_000)], 90, 9_000_000),
    "no flows 365 days": (0, 10_000, [], 365, 11_000),
    "no flows 730 days": (0, 10_000, [], 730, 12_100),
    "over two years": (0, 0, [(1, 1_000_000), (200, 500_000), (500, -300_000)], 730, 1_400_000),
    "deposit mid-period 10 days": (0, 1_000_000, [(6, 1_000_000)], 10, 2_100_000),
}

if __name__ == "__main__":
    for name, case in CASES.items():
        irr, dietz = solve(*case)
        print(f"{name}: irr {irr:.10f} dietz {dietz:.10f}")
