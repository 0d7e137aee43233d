// @vitest-environment happy-dom
import type { FeeScheduleJson, FeesOverview, MoneyLimitsOverview } from '@imali/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';

const net = stubOpsNetwork();
afterEach(cleanup);

const ZA: FeeScheduleJson = {
  country: 'ZA',
  version: 'ZA-2026-11',
  currency: 'ZAR',
  currencyExponent: 2,
  vatRate: '0.15',
  vatLabel: 'VAT',
  lines: [
    {
      code: 'brokerage',
      label: 'Brokerage',
      receiptBucket: 'brokerage',
      rate: '0.0025',
      base: 'consideration',
      side: 'both',
      minimumMinor: '1',
      rounding: { mode: 'HALF_UP', toMinor: 1 },
      vatApplies: true,
    },
    {
      code: 'stt',
      label: 'Securities Transfer Tax (STT)',
      receiptBucket: 'stt',
      rate: '0.0025',
      base: 'consideration',
      side: 'buy',
      rounding: { mode: 'HALF_UP', toMinor: 1 },
      vatApplies: false,
    },
  ],
};
const SHIPPED = {
  country: 'ZA',
  version: ZA.version,
  effectiveFrom: null,
  makerStaffId: null,
  approverStaffId: null,
};
const FEES: FeesOverview = {
  countries: [
    {
      country: 'ZA',
      inForce: { ...SHIPPED, schedule: ZA },
      scheduled: [],
    },
  ],
};
const LIMITS: MoneyLimitsOverview = {
  inForce: { version: 0, effectiveFrom: null, createdBy: null, approvedBy: null, limits: [] },
  scheduled: [],
};
beforeEach(() => {
  net.on('fees', () => FEES);
  net.on('limits', () => LIMITS);
  net.on('approvalPolicies', () => []);
});

describe('fee schedules on Staff & policies', () => {
  it('a payments checker sees the fees in force per country and no way to propose', async () => {
    net.on('me', () => staffMe(['payments_checker']));
    renderConsole('/staff');
    const table = await screen.findByRole('table', { name: 'ZA fees, version ZA-2026-11' });
    const text = (table.textContent ?? '').replace(/\s/g, ' ');
    expect(text).toMatch(/Brokerage\s*buys and sales\s*0\.25%/);
    expect(text).toMatch(/Securities Transfer Tax \(STT\)\s*buys\s*0\.25%/);
    expect(screen.getByText(/ZA: Version ZA-2026-11 \(the shipped schedule\)/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Propose new fees' })).toBeNull();
  });

  it('treasury proposes a new brokerage rate, sees each change and the worked example, requests approval', async () => {
    const user = userEvent.setup();
    net.on('me', () => staffMe(['treasury']));
    const proposed = {
      ...ZA,
      version: 'ZA-202612011000',
      lines: [{ ...ZA.lines[0]!, rate: '0.003' }, ZA.lines[1]!],
    };
    net.on('feesPreview', ({ body }) => {
      const input = body as { effectiveFrom: string };
      return {
        inForce: { ...SHIPPED, schedule: ZA },
        latest: { ...SHIPPED, schedule: ZA },
        proposed: { version: proposed.version, effectiveFrom: input.effectiveFrom, schedule: proposed },
        changes: [{ code: 'brokerage', field: 'rate', from: '0.0025', to: '0.003' }],
        examples: [
          {
            side: 'buy',
            currency: 'ZAR',
            tradeValue: '10000.00',
            quantity: '100',
            currentFees: '62.40',
            proposedFees: '68.15',
          },
          {
            side: 'sell',
            currency: 'ZAR',
            tradeValue: '10000.00',
            quantity: '100',
            currentFees: '37.40',
            proposedFees: '43.15',
          },
        ],
        payload: {
          country: 'ZA',
          version: proposed.version,
          baseVersion: ZA.version,
          effectiveFrom: input.effectiveFrom,
          schedule: proposed,
          before: ZA,
          summary: 'ZA brokerage rate: 0.0025 → 0.003',
        },
      };
    });
    const sent: unknown[] = [];
    net.on('feesRequest', ({ body }) => {
      sent.push(body);
      return {
        status: 'pending',
        request: {
          id: 7200,
          action: 'fees.change',
          itemKey: 'fees:ZA',
          payload: {},
          payloadHash: 'b'.repeat(64),
          amount: null,
          currency: null,
          makerStaffId: 1,
          policyId: 1,
          policyVersion: 1,
          checkersRequired: 1,
          checkerPermission: 'treasury.approve',
          status: 'pending',
          createdAt: '2026-11-28T10:00:00.000Z',
          expiresAt: '2026-11-29T10:00:00.000Z',
          decidedAt: null,
          executedAt: null,
          outcome: null,
          decisions: [],
        },
      };
    });
    renderConsole('/staff');
    const form = await screen.findByRole('form', { name: 'Propose new fees' });
    await user.clear(within(form).getByLabelText('Brokerage rate'));
    await user.type(within(form).getByLabelText('Brokerage rate'), '0.003');
    fireEvent.change(within(form).getByLabelText(/Effective from/), {
      target: { value: '2026-12-01T10:00' },
    });
    await user.click(within(form).getByRole('button', { name: 'Preview fees' }));
    const preview = await within(form).findByRole('region', { name: 'Fees preview' });
    expect(preview.textContent).toMatch(/version ZA-2026-11 → version ZA-202612011000/);
    expect(preview.textContent).toMatch(/brokerage\s*rate\s*0\.0025\s*0\.003/);
    const example = within(preview).getByRole('table', { name: 'Worked example' });
    const exampleText = (example.textContent ?? '').replace(/\s/g, ' ');
    expect(exampleText).toMatch(/A buy of ZAR 10,000\.00 \(100 shares\)ZAR 62\.40ZAR 68\.15/);
    expect(exampleText).toMatch(/A sale of ZAR 10,000\.00 \(100 shares\)ZAR 37\.40ZAR 43\.15/);
    await user.click(within(preview).getByRole('button', { name: 'Request approval of the fees' }));
    await within(preview).findByText(/Waiting for approval by 1 checker \(request #7200\)/);
    expect(sent).toMatchObject([
      {
        country: 'ZA',
        baseVersion: 'ZA-2026-11',
        vatRate: '0.15',
        lines: [
          { code: 'brokerage', rate: '0.003', minimumMinor: '1' },
          { code: 'stt', rate: '0.0025' },
        ],
      },
    ]);
    expect((sent[0] as { effectiveFrom: string }).effectiveFrom).toBe(
      new Date('2026-12-01T10:00').toISOString(),
    );
  });
});
