import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redeem, subscribe, unitsValueMinor } from './units';

/** Cents text of integer hundredths of a cent. */
const navText = (hundredths: bigint) => `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
/** units (ten-thousandths) × NAV (hundredths of a cent) in millionths of a cent, exact. */
const exactValue = (units: string, nav: string) =>
  BigInt(units.replace('.', '')) * BigInt(nav.replace('.', ''));

describe('fund units (property)', () => {
  it('units × NAV + refund = amount exactly, units rounded down to 4 decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 11n }), // amount: 1 cent to R1 bn
        fc.bigInt({ min: 1n, max: 10n ** 9n }), // NAV: 0.01 c to 10 000 000.00 c per unit
        (amountMinor, navHundredths) => {
          const nav = navText(navHundredths);
          const s = subscribe(amountMinor, nav);
          expect(s.units).toMatch(/^\d+\.\d{4}$/);
          // The identity, in cents, with nothing lost or made.
          expect(s.tradeValueMinor + s.refundMinor).toBe(amountMinor);
          expect(s.refundMinor >= 0n).toBe(true);
          // The trade value is units × NAV to the nearest cent (exact value in millionths of a cent).
          const exact = exactValue(s.units, nav);
          const diff = s.tradeValueMinor * 1_000_000n - exact;
          expect(diff <= 500_000n && diff >= -500_000n).toBe(true);
          expect(s.tradeValueMinor).toBe(unitsValueMinor(s.units, nav));
          // Rounded down: never more units than the amount pays for; one ten-thousandth more is too much.
          expect(exact <= amountMinor * 1_000_000n).toBe(true);
          const more = BigInt(s.units.replace('.', '')) + 1n;
          expect(more * navHundredths > amountMinor * 1_000_000n).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a redemption pays units × NAV less a platform fee never above it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 7n }),
        fc.integer({ min: 0, max: 99999 }),
        fc.integer({ min: 0, max: 4000 }),
        (tenThousandths, navHundredths, feeBasis, days) => {
          const units = `${tenThousandths / 10_000n}.${String(tenThousandths % 10_000n).padStart(4, '0')}`;
          const nav = navText(navHundredths);
          const fee = `${Math.floor(feeBasis / 10000)}.${String(feeBasis % 10000).padStart(4, '0')}`;
          const r = redeem(units, nav, fee, days);
          expect(r.grossMinor).toBe(unitsValueMinor(units, nav));
          expect(r.netMinor + r.platformFeeMinor).toBe(r.grossMinor);
          expect(r.platformFeeMinor >= 0n && r.netMinor >= 0n).toBe(true);
          if (days === 0 || feeBasis === 0) expect(r.platformFeeMinor).toBe(0n);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('examples', () => {
    // R1 000 at 1 234.56 c: 81.0005 units = 99 999.977 c → R1 000.00 to the cent, nothing refunded.
    expect(subscribe(100_000n, '1234.56')).toEqual({
      units: '81.0005',
      tradeValueMinor: 100_000n,
      refundMinor: 0n,
    });
    // R1 000 at R9 876.54 a unit: 0.1012 units (0.10125 rounded down) = R999.51, R0.49 refunded.
    expect(subscribe(100_000n, '987654.32')).toEqual({
      units: '0.1012',
      tradeValueMinor: 99_951n,
      refundMinor: 49n,
    });
    // 0.35% a year on R1 000 for 365 days = R3.50.
    expect(redeem('100.0000', '1000.00', '0.35', 365)).toEqual({
      grossMinor: 100_000n,
      platformFeeMinor: 350n,
      netMinor: 99_650n,
    });
  });
});
