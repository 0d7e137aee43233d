// Property: whatever JSON an entry carries, the hash computed at the append (from the value as it
// will be stored) equals the hash of the row as the database hands it back, the form verify reads.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditRowHash } from './audit-chain';
import { latestEntries, record, verifyAuditChain } from './audit.service';

/** jsonb refuses the NUL character, as it did before the chain. */
const storable = (value: unknown) => !JSON.stringify(value ?? null).includes('\\u0000');

const json = fc.jsonValue({ stringUnit: 'grapheme', maxDepth: 3 });
/** What callers pass that is not JSON as such: dates, undefined members, NaN, infinities, -0. */
const jsValue = fc.record({
  at: fc.date({ noInvalidDate: true }),
  gone: fc.constant(undefined),
  x: fc.double(),
  list: fc.array(fc.oneof(fc.double(), fc.constant(undefined), json), { maxLength: 4 }),
});

describe('the audit chain (property)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a row read back hashes to the row_hash it was appended with, for any JSON or JS value before/after', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(json, { nil: undefined }),
        fc.oneof(json, jsValue),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
        async (before, after, subjectId) => {
          fc.pre(storable(before) && storable(after) && storable(subjectId));
          await record(t.app.ctx, {
            actor: 'ops:property',
            action: 'test.property',
            subjectType: 'property',
            subjectId,
            before,
            after,
          });
          const [row] = await latestEntries(t.app.ctx, 1);
          expect(auditRowHash(row!)).toBe(row!.rowHash);
        },
      ),
      { numRuns: 150 },
    );
    expect((await verifyAuditChain(t.app.ctx)).intact).toBe(true);
  });
});
