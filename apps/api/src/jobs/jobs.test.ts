import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runOps } from '../cli/run';
import { opsStaff } from '../cli/ops-staff.testing';
import type { StaffPrincipal } from '../modules/staff/staff.service';
import { clients, kycSubmissions } from '../db/schema/index';
import { attachProof, createDeposit } from '../modules/deposits/deposits.service';
import { createTestClient, newKey } from '../modules/ledger/money-test-kit';
import { acceptUpload } from '../modules/uploads/uploads.service';
import { createTestApp, type TestApp } from '../test/test-app';
import { JobRunner, runJob, scheduledJobs, type Job } from './index';
import { uploadOrphansJob } from './uploads-orphans';

const DAY_MS = 24 * 60 * 60 * 1000;
const image = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#345' } })
    .png()
    .toBuffer();

const uploadIds = async (t: TestApp) =>
  new Set((await t.database.query<{ id: string }>('select id::text from uploads')).map((r) => r.id));

describe('jobs: uploads.orphans', () => {
  let t: TestApp;
  /** The signed-in staff user the ops commands run as. */
  let staff: StaffPrincipal;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await opsStaff(t.app.ctx);
  });
  afterAll(() => t.close());

  it('deletes an unreferenced upload older than a day; referenced and fresh ones stay; a rerun is a no-op', async () => {
    const ctx = t.app.ctx;
    const alice = await createTestClient(ctx);
    const put = async (purpose = 'image') =>
      (await acceptUpload(ctx, { ownerClientId: alice.clientId, purpose, bytes: await image() })).id;

    const orphan = await put();
    const avatar = await put('avatar');
    await ctx.db
      .update(clients)
      .set({ avatarUploadId: avatar })
      .where(sql`${clients.id} = ${alice.clientId}`);
    const front = await put();
    const back = await put();
    await ctx.db.insert(kycSubmissions).values({
      clientId: alice.clientId,
      fullName: 'Alice Test',
      idNo: '9001014800086',
      mobile: '612345670',
      dob: '1990-01-01',
      idFrontUploadId: front,
      idBackUploadId: back,
      status: 'approved',
    });
    const { data: deposit } = await createDeposit(
      ctx,
      alice.clientId,
      { clientId: alice.clientId, key: newKey(), requestHash: 'orphans' },
      { accountId: alice.accounts.ZAR, amount: '1500', method: 'EFT' },
    );
    const proofUrl = (await attachProof(ctx, alice.clientId, deposit.id, await image())).proof_url!;
    const proof = proofUrl.split('/').pop()!;

    // Not yet a day old: nothing goes.
    t.clock.advance(DAY_MS - 60_000);
    expect(await runJob(ctx, uploadOrphansJob)).toEqual({
      job: 'uploads.orphans',
      ran: true,
      summary: 'Deleted 0 unreferenced uploads.',
    });
    expect(await uploadIds(t)).toContain(orphan);

    t.clock.advance(2 * 60_000);
    const fresh = await put();
    expect(await runJob(ctx, uploadOrphansJob)).toEqual({
      job: 'uploads.orphans',
      ran: true,
      summary: 'Deleted 1 unreferenced upload.',
    });
    const left = await uploadIds(t);
    expect(left).not.toContain(orphan);
    for (const id of [avatar, front, back, proof, fresh]) expect(left).toContain(id);

    expect(await runJob(ctx, uploadOrphansJob)).toMatchObject({ summary: 'Deleted 0 unreferenced uploads.' });
    expect(await uploadIds(t)).toEqual(left);
  });

  it('knows every foreign key to uploads (a new reference must be added to the cleanup)', async () => {
    const refs = await t.database.query<{ ref: string }>(`
      select c.conrelid::regclass::text || '.' || a.attname as ref
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'uploads'::regclass
      order by 1`);
    expect(refs.map((r) => r.ref)).toEqual([
      'application_evidence.upload_id',
      'clients.avatar_upload_id',
      'deposits.proof_upload_id',
      'kyc_submissions.id_back_upload_id',
      'kyc_submissions.id_front_upload_id',
    ]);
  });

  it('is in the registry and runs from the ops CLI', async () => {
    expect(scheduledJobs.map((j) => j.name)).toContain('uploads.orphans');
    expect(await runOps(t.app.ctx, ['jobs', 'list'], staff)).toContain('uploads.orphans');
    expect(await runOps(t.app.ctx, ['jobs', 'run', 'uploads.orphans'], staff)).toMatch(
      /^Deleted \d+ unreferenced uploads?\.$/,
    );
    await expect(runOps(t.app.ctx, ['jobs', 'run', 'nope'], staff)).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('jobs: the runner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs each job every interval, logs a failure and carries on, and stop() waits for a run in flight', async () => {
    let runs = 0;
    let failures = 0;
    let release: (() => void) | undefined;
    const counting: Job = {
      name: 'test.counting',
      summary: 'counts',
      intervalMs: 10,
      async run() {
        runs += 1;
        if (runs === 3) await new Promise<void>((resolve) => (release = resolve));
        return `run ${runs}`;
      },
    };
    const failing: Job = {
      name: 'test.failing',
      summary: 'fails',
      intervalMs: 10,
      async run() {
        failures += 1;
        throw new Error('boom');
      },
    };
    const log = { info: vi.fn(), error: vi.fn() };
    const runner = new JobRunner(t.app.ctx, [counting, failing], log, { firstRunDelayMs: 0 });
    runner.start();
    await vi.waitFor(() => expect(release).toBeDefined());
    await vi.waitFor(() => expect(failures).toBeGreaterThanOrEqual(2));
    expect(log.info).toHaveBeenCalledWith({ job: 'test.counting' }, 'run 1');
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'test.failing' }),
      'scheduled job failed',
    );

    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    release!();
    await stopping;
    const after = { runs, failures };
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect({ runs, failures }).toEqual(after);
    expect(runs).toBe(3);
  });

  it('starts with the app when JOBS_ENABLED and stops when it closes', async () => {
    const start = vi.spyOn(JobRunner.prototype, 'start');
    const stop = vi.spyOn(JobRunner.prototype, 'stop');
    try {
      const quiet = await createTestApp();
      expect(start).not.toHaveBeenCalled();
      await quiet.close();

      const app = await createTestApp({ JOBS_ENABLED: 'true' });
      expect(start).toHaveBeenCalledTimes(1);
      const runner = start.mock.contexts[0] as JobRunner;
      // Every scheduled job waits for its first run.
      expect(runner.scheduled().sort()).toEqual(scheduledJobs.map((job) => job.name).sort());
      expect(stop).not.toHaveBeenCalled();
      await app.close();
      expect(stop).toHaveBeenCalledTimes(1);
      expect(runner.scheduled()).toEqual([]);
    } finally {
      start.mockRestore();
      stop.mockRestore();
    }
  });
});

// Two processes (here: two connections of one pool) running the same job at once.
describe.skipIf(!process.env.DATABASE_URL)('jobs: advisory lock (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('of two concurrent runs of a job, one does the work and the other skips', async () => {
    let entered = 0;
    const slow: Job = {
      name: 'test.slow',
      summary: 'sleeps',
      intervalMs: 60_000,
      async run(ctx) {
        entered += 1;
        await ctx.db.execute(sql`select pg_sleep(0.3)`);
        return 'slept';
      },
    };
    const outcomes = await Promise.all([runJob(t.app.ctx, slow), runJob(t.app.ctx, slow)]);
    expect(entered).toBe(1);
    expect(outcomes.map((o) => o.ran).sort()).toEqual([false, true]);
    // The lock went with the transaction: the next run takes it.
    expect(await runJob(t.app.ctx, slow)).toMatchObject({ ran: true });
  });

  it('two concurrent orphan cleanups delete each orphan once, without an error', async () => {
    const ctx = t.app.ctx;
    const alice = await createTestClient(ctx);
    for (let i = 0; i < 5; i += 1) {
      await acceptUpload(ctx, { ownerClientId: alice.clientId, purpose: 'image', bytes: await image() });
    }
    t.clock.advance(DAY_MS + 60_000);
    const outcomes = await Promise.all([runJob(ctx, uploadOrphansJob), runJob(ctx, uploadOrphansJob)]);
    const deleted = outcomes.map((o) => (o.ran ? Number(/\d+/.exec(o.summary)![0]) : 0));
    expect(deleted.reduce((a, b) => a + b, 0)).toBe(5);
    expect(deleted).toContain(5);
    expect(
      (
        await t.database.query<{ n: number }>(
          'select count(*)::int as n from uploads where owner_client_id = $1',
          [alice.clientId],
        )
      )[0]!.n,
    ).toBe(0);
  });
});
