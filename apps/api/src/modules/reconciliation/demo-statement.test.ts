import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed';
import { seedConsoleQueues, type ConsoleQueuesResult } from '../../db/seed-console';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoStatementCsv, writeDemoStatementFile } from './demo-statement';
import { paymentsStaff } from './reconciliation-test-kit';
import { confirmLine, importStatement } from './reconciliation.service';

describe('the demo bank statement', () => {
  let t: TestApp;
  let seeded: ConsoleQueuesResult;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.app.ctx)).toBe(true);
    seeded = (await seedConsoleQueues(t.app.ctx))!;
  });
  afterAll(() => t.close());

  it('matches every deposit the console demo seeds, each with its proof, and confirms them', async () => {
    expect(seeded.deposits.length).toBeGreaterThan(0);
    const staff = await paymentsStaff(t.app.ctx);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'imali-recon-'));
    const file = await writeDemoStatementFile({ ...t.app.ctx, config: { ...t.app.ctx.config, dataDir } });
    expect(file).toBe(path.join(dataDir, 'demo-bank-statement.csv'));
    const csv = await readFile(file, 'utf8');
    await rm(dataDir, { recursive: true });
    expect(csv).toBe(await demoStatementCsv(t.app.ctx));
    const statement = await importStatement(t.app.ctx, staff, { csv, fileName: 'demo-bank-statement.csv' });
    expect(statement.depositsWithoutLine).toEqual([]);
    expect(statement.counts).toMatchObject({ amountMismatch: 0, noMatch: 1 });
    for (const d of seeded.deposits) {
      const line = statement.lines.find((l) => l.deposit?.id === d.id)!;
      expect(line).toMatchObject({
        match: 'match',
        amount: d.amount,
        deposit: { reference: d.reference, proofFileId: d.proofUploadId },
      });
      expect(d.proofUploadId).toBeTruthy();
      expect((await confirmLine(t.app.ctx, staff, line.id, d.id)).deposit.status).toBe('confirmed');
    }
  });
});
