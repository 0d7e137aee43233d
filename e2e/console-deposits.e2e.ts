// The console's deposits and reconciliation screen in Chromium at 1280 px (issue 23, decision
// 0059), against the real server with the console queues seeded: the payments maker sees the demo
// client's pending deposits with their proofs, imports the demo bank statement, sees both matches
// with the proof beside the line, the unmatched payment and the bank fee; confirms one → it shows as
// confirmed, leaves the pending list, and the client's ZAR balance rises by exactly its amount,
// once (a second confirmation is refused); the same file again is refused; a support user sees the
// screen without any action.
import path from 'node:path';
import type { StaffDeposit } from '@imali/contract';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken } from './support/api';
import { launchBrowser, screenshot } from './support/browser';
import { signInConsole, type ConsolePage } from './support/console';
import { startServer, type RunningServer } from './support/server';

const DEMO = { mobile: '612345678', password: 'demo1234' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO_QUEUES: 'true' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Text as a person reads it (Intl puts a no-break space after 'ZAR'). */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Minor units of a decimal amount string with two decimals ('5000.00' → 500000n), exactly. */
const minorOf = (amount: string) => BigInt(amount.replace('.', ''));

/** The demo client's ZAR balance through the client API. */
async function demoZarBalance(): Promise<bigint> {
  const token = await loginToken(server, DEMO.mobile, DEMO.password);
  const res = await fetch(`${server.url}/api/account/app/v1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const json = (await res.json()) as { data: Array<{ currency: string; balance: string }> };
  return minorOf(json.data.find((a) => a.currency === 'ZAR')!.balance);
}

describe('console: deposits and reconciliation', () => {
  let maker: ConsolePage;

  beforeAll(async () => {
    maker = await signInConsole(browser, server, 'payments_maker');
  });
  afterAll(async () => {
    await maker?.close();
  });

  it('payments maker: pending deposits with proofs → import the statement → matches beside their proofs → confirm one, credited once; the same file again is refused', async () => {
    const { page } = maker;
    const pendingBefore = await page.request.get('/ops/v1/deposits?status=pending');
    const demoDeposits = ((await pendingBefore.json()) as { data: StaffDeposit[] }).data.filter(
      (d) => d.clientMobile === DEMO.mobile,
    );
    expect(demoDeposits.map((d) => d.amount).sort()).toEqual(['12500.00', '5000.00']);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Deposits' }).click();
    const list = page.getByRole('listbox', { name: 'Pending deposits' });
    await list.waitFor();
    for (const d of demoDeposits) {
      const row = list.getByRole('option').filter({ hasText: d.reference });
      expect(await textOf(row)).toContain(
        `ZAR ${Number(d.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      );
      // The thumbnail is the proof image itself, loaded with the staff session.
      const thumb = row.getByRole('img');
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    // Keyboard: focus the list, Enter opens the first (oldest) deposit with its proof.
    await list.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('article', { name: /^Deposit DEP-/ });
    const proof = detail.getByRole('img', { name: /Proof of payment for/ });
    await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'console-deposits-list');

    // Import the demo statement the seed wrote.
    const statementFile = path.join(server.dataDir, 'demo-bank-statement.csv');
    await page.getByLabel(/Statement file/).setInputFiles(statementFile);
    await page.getByRole('button', { name: 'Import statement' }).click();
    await page.getByText(/^Statement \d+ imported: /).waitFor();

    const cards = page.getByRole('article', { name: /^Match: line \d+, deposit DEP-/ });
    await expect.poll(() => cards.count()).toBe(demoDeposits.length);
    for (const d of demoDeposits) {
      const card = cards.filter({ hasText: d.reference }).first();
      const cardProof = card.getByRole('img', { name: `Proof of payment for ${d.reference}` });
      await expect
        .poll(() => cardProof.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await card.getByRole('button', { name: `Confirm ${d.reference}` }).waitFor();
    }
    const unmatched = page.getByRole('table', { name: /Unmatched lines \(1\)/ });
    expect(await textOf(unmatched)).toContain('no match');
    const debits = page.getByRole('table', { name: /Debits and duplicates \(1\)/ });
    expect(await textOf(debits)).toContain('debit');
    await cards.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'console-deposits-match');

    // Confirm the first match.
    const first = cards.first();
    const reference = /deposit (DEP-[A-Z0-9]+)/.exec((await first.getAttribute('aria-label'))!)![1]!;
    const chosen = demoDeposits.find((d) => d.reference === reference)!;
    const before = await demoZarBalance();
    await first.getByRole('button', { name: `Confirm ${reference}` }).click();
    await page
      .getByText(new RegExp(`confirmed: ZAR\\s[\\d,.]+ credited to .* \\(deposit ${reference}\\)`))
      .waitFor();
    const confirmed = page.getByRole('table', { name: /Confirmed \(1\)/ });
    await confirmed.waitFor();
    expect(await textOf(confirmed)).toContain(reference);
    await expect.poll(() => cards.count()).toBe(demoDeposits.length - 1);
    await expect.poll(() => list.getByRole('option').filter({ hasText: reference }).count()).toBe(0);
    expect(await demoZarBalance()).toBe(before + minorOf(chosen.amount));
    await confirmed.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-deposits-confirmed');

    // A second confirmation of the same line is refused and credits nothing.
    const statementId = Number(
      /Statement (\d+) imported/.exec(await textOf(page.getByText(/^Statement \d+ imported/)))![1],
    );
    const detailRes = await page.request.get(`/ops/v1/reconciliation/statements/${statementId}`);
    const lines = (
      (await detailRes.json()) as {
        data: { lines: Array<{ id: number; match: string; deposit: { id: number } | null }> };
      }
    ).data.lines;
    const done = lines.find((l) => l.match === 'confirmed')!;
    const again = await page.request.post(`/ops/v1/reconciliation/lines/${done.id}/confirm`, {
      data: { depositId: done.deposit!.id },
      headers: { origin: server.opsUrl },
    });
    expect(again.status()).toBe(409);
    expect(await demoZarBalance()).toBe(before + minorOf(chosen.amount));

    // The same file again: refused, nothing imported.
    await page.getByLabel(/Statement file/).setInputFiles(statementFile);
    await page.getByRole('button', { name: 'Import statement' }).click();
    await page
      .getByText(/^Not imported: This statement file was already imported \(statement \d+\)\./)
      .waitFor();
    expect(maker.errors).toEqual([]);
  });

  it('support sees the deposits and the statement, without import, confirm or reject', async () => {
    const support = await signInConsole(browser, server, 'support');
    try {
      const { page } = support;
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Deposits' }).click();
      const cards = page.getByRole('article', { name: /^Match: line \d+, deposit DEP-/ });
      await cards.first().waitFor();
      await cards
        .first()
        .getByRole('img', { name: /Proof of payment for/ })
        .waitFor();
      expect(await page.getByRole('button', { name: /^Confirm DEP-/ }).count()).toBe(0);
      expect(await page.getByLabel(/Statement file/).count()).toBe(0);
      await page.getByRole('listbox', { name: 'Pending deposits' }).getByRole('option').first().click();
      await page.getByRole('article', { name: /^Deposit DEP-/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Reject deposit' }).count()).toBe(0);
      await screenshot(page, 'console-deposits-support');
      expect(support.errors).toEqual([]);
    } finally {
      await support.close();
    }
  });
});
