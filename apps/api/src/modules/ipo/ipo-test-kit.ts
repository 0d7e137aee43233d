/** Test helpers for IPOs: an IPO created through the operator's service, open now. */
import type { TestApp } from '../../test/test-app';
import { createIpo, type CreateIpoInput } from './ipo.service';

export const OPS = 'ops:tester';
const DAY_MS = 86_400_000;
let counter = 0;

/** A JSE IPO, range 1000–1200 ZAc, lots of 100, 1–10 lots per client, 20 lots offered, open now. */
export async function makeIpo(t: TestApp, input: Partial<CreateIpoInput> = {}) {
  const now = t.app.ctx.clock.now();
  const n = (counter += 1);
  const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  return createIpo(
    t.app.ctx,
    {
      symbol: `IPO${n}${Math.floor(Math.random() * 1e4)}`.slice(0, 12),
      instrumentName: `Test Listing ${n}`,
      issuer: `Test Issuer ${n} Ltd`,
      country: 'ZA',
      priceLow: '1000',
      priceHigh: '1200',
      lotSize: 100,
      minLots: 1,
      maxLots: 10,
      sharesOffered: '2000',
      opensAt: new Date(now.getTime() - 60_000),
      closesAt: new Date(now.getTime() + 7 * DAY_MS),
      allotsOn: day(8),
      listsOn: day(10),
      rule: 'pro_rata',
      ...input,
    },
    OPS,
  );
}
