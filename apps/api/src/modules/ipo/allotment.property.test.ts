import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, fund, newKey, type TestClient } from '../ledger/money-test-kit';
import { closeOffering } from '../offerings/offerings.service';
import { allot, type AllotmentRule } from './allotment';
import { makeIpo, OPS } from './ipo-test-kit';
import { allotIpo, setFinalPrice, subscribe } from './ipo.service';

const book = fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 0, maxLength: 60 });
const rule = fc.constantFrom<AllotmentRule>('pro_rata', 'lottery');

describe('allotment rules (property, pure)', () => {
  it('Σ allotted ≤ offered, nobody above their ask, exact when oversubscribed, all when not', () => {
    fc.assert(
      fc.property(book, fc.integer({ min: 1, max: 400 }), rule, fc.string(), (lots, offered, r, seed) => {
        const apps = lots.map((l, i) => ({ orderId: i + 1, lots: BigInt(l) }));
        const out = allot(r, apps, BigInt(offered), seed);
        expect(out.map((a) => a.orderId)).toEqual(apps.map((a) => a.orderId));
        const total = apps.reduce((s, a) => s + a.lots, 0n);
        const given = out.reduce((s, a) => s + a.allotted, 0n);
        expect(given <= BigInt(offered)).toBe(true);
        for (const a of out) expect(a.allotted >= 0n && a.allotted <= a.lots).toBe(true);
        if (total <= BigInt(offered)) expect(out.every((a) => a.allotted === a.lots)).toBe(true);
        else expect(given).toBe(BigInt(offered));
        if (r === 'lottery' && BigInt(apps.length) > BigInt(offered) && total > BigInt(offered)) {
          expect(out.every((a) => a.allotted <= 1n)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('the lottery is reproducible from its seed alone, whatever order the book is listed in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 2, maxLength: 40 }),
        fc.integer({ min: 1, max: 20 }),
        fc.stringMatching(/^[0-9a-f]{8,32}$/),
        (lots, offered, seed) => {
          const apps = lots.map((l, i) => ({ orderId: 100 + i, lots: BigInt(l) }));
          const a = allot('lottery', apps, BigInt(offered), seed);
          // The draw (more applications than lots) does not depend on the order of the book.
          if (apps.length > offered) {
            const b = allot('lottery', [...apps].reverse(), BigInt(offered), seed);
            const byId = (xs: typeof a) =>
              Object.fromEntries(xs.map((x) => [x.orderId, x.allotted.toString()]));
            expect(byId(b)).toEqual(byId(a));
          }
          expect(allot('lottery', apps, BigInt(offered), seed)).toEqual(a);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/**
 * Over random books on the database: each run creates an IPO, places random applications of three
 * clients through the service, sets a final price in the range, closes and allots it; then every
 * application's hold is settled (captured for exactly its allotment's cost, released otherwise),
 * each client's released funds are the exact remainder (held back to 0, balance down by exactly
 * what was debited), Σ allotted ≤ shares offered, and ledger check passes.
 */
describe('allotment on the ledger (property)', () => {
  let t: TestApp;
  let clients: TestClient[];
  beforeAll(async () => {
    t = await createTestApp({
      PIN_EACH_ORDER_ABOVE: 'ZAR=1000000000,USD=1000000000',
    });
    clients = [];
    for (let i = 0; i < 3; i++) {
      const c = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, c, 'ZAR', '500000');
      clients.push(c);
    }
  });
  afterAll(() => t.close());

  const balances = async () =>
    t.database.query<{ id: string; balance: string; held: string }>(
      `select id::text, balance_minor::text as balance, held_minor::text as held from accounts where id = any($1::bigint[]) order by id`,
      [clients.map((c) => c.accounts.ZAR)],
    );

  it('Σ allotted ≤ offered; holds captured for the allotment and the exact remainder released; ledger check passes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 4 })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 1, max: 12 }),
        rule,
        fc.integer({ min: 1000, max: 1200 }),
        async (apps, lotsOffered, r, finalPrice) => {
          const { offering } = await makeIpo(t, {
            sharesOffered: String(lotsOffered * 100),
            rule: r,
            maxLots: 40,
          });
          const before = await balances();
          for (const [who, lots] of apps) {
            const c = clients[who]!;
            await subscribe(
              t.app.ctx,
              c.clientId,
              { clientId: c.clientId, key: newKey(), requestHash: 'p' },
              {
                offeringId: offering.id,
                lots,
              },
            );
          }
          await setFinalPrice(t.app.ctx, offering.id, String(finalPrice), OPS);
          await closeOffering(t.app.ctx, offering.id, OPS);
          const result = await allotIpo(t.app.ctx, offering.id, OPS, { seed: 'fixed-seed' });
          const allottedLots = result.lines.reduce((s, l) => s + l.allotted, 0);
          expect(allottedLots).toBeLessThanOrEqual(lotsOffered);
          for (const l of result.lines) expect(l.allotted).toBeLessThanOrEqual(l.lots);
          const debited = new Map<string, bigint>();
          const rows = await t.database.query<{
            id: string;
            account_id: string;
            status: string;
            held: string;
            captured: string | null;
            hold_amount: string;
            cost: string;
          }>(
            `select o.id::text, o.account_id::text, o.status, o.held_minor::text as held,
                    h.captured_minor::text as captured, h.amount_minor::text as hold_amount,
                    (o.buy_consideration_minor + o.buy_fees_minor)::text as cost
             from orders o join holds h on h.reference_type = 'order' and h.reference_id = o.id
             where o.offering_id = $1`,
            [offering.id],
          );
          for (const row of rows) {
            expect(row.held).toBe('0');
            if (row.status === 'listing') {
              expect(row.captured).toBe(row.cost);
              debited.set(row.account_id, (debited.get(row.account_id) ?? 0n) + BigInt(row.cost));
            } else expect(row.status).toBe('rejected');
          }
          const after = await balances();
          for (const [i, b] of before.entries()) {
            expect(after[i]!.held).toBe(b.held);
            expect(BigInt(after[i]!.balance)).toBe(BigInt(b.balance) - (debited.get(b.id) ?? 0n));
          }
          expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
  });
});
