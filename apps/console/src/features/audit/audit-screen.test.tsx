// @vitest-environment happy-dom
import type { AuditEntryView } from '@imali/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';
import { dayStart } from './audit-api';

const net = stubOpsNetwork();
afterEach(cleanup);
beforeEach(() => net.on('me', () => staffMe(['auditor'])));

const entry = (seq: number, action = 'kyc.approve'): AuditEntryView => ({
  id: 1000 + seq,
  seq,
  actor: 'staff:7',
  staffId: 7,
  action,
  subjectType: 'client',
  subjectId: '42',
  before: { status: 'pending' },
  after: { status: 'approved' },
  createdAt: '2026-11-27T10:00:00.000Z',
  rowHash: `${seq}`.padStart(64, 'a'),
});

describe('the audit screen', () => {
  it('shows the first broken link of the chain', async () => {
    net.on('audit', () => ({ entries: [], nextCursor: null }));
    net.on('auditVerify', () => ({
      intact: false,
      rows: 1202,
      headSeq: 1500,
      headHash: 'f'.repeat(64),
      broken: { seq: 1203, id: 5120, problem: 'row_hash', expected: 'a'.repeat(64), found: 'b'.repeat(64) },
    }));
    renderConsole('/audit');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Verify the chain' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Broken at seq 1203 (row id 5120)');
    expect(alert.textContent).toContain('the row was changed after it was written');
    expect(within(alert).getByText('a'.repeat(64))).toBeTruthy();
    expect(within(alert).getByText('b'.repeat(64))).toBeTruthy();
    expect(alert.textContent).toMatch(/1\s202 rows before it verified/); // en-ZA groups digits with a space
  });

  it('shows an intact chain with its rows and head hash', async () => {
    net.on('audit', () => ({ entries: [], nextCursor: null }));
    net.on('auditVerify', () => ({ intact: true, rows: 1500, headSeq: 1500, headHash: 'c'.repeat(64) }));
    renderConsole('/audit');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Verify the chain' }));
    const status = await screen.findByText(/Intact\./);
    expect(status.parentElement!.textContent).toMatch(/1\s500 rows verified/);
    expect(status.parentElement!.textContent).toContain('c'.repeat(64));
  });

  it('searches by staff, client, action and days, pages with the cursor, and opens an entry with Enter', async () => {
    net.on('audit', ({ query }) =>
      query.cursor === '50'
        ? { entries: [entry(49), entry(48)], nextCursor: null }
        : { entries: [entry(51), entry(50)], nextCursor: '50' },
    );
    renderConsole('/audit');
    const user = userEvent.setup();
    await screen.findByRole('listbox', { name: 'Audit entries' });
    await user.type(screen.getByLabelText('Staff id'), '7');
    await user.type(screen.getByLabelText('Client id'), '42');
    await user.type(screen.getByLabelText('Action (or its start)'), 'kyc.');
    await user.type(screen.getByLabelText('From (day)'), '2026-11-01');
    await user.type(screen.getByLabelText('To (day, included)'), '2026-11-27');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(net.calls('audit').length).toBeGreaterThanOrEqual(2));
    expect(net.calls('audit').at(-1)!.query).toEqual({
      staffId: '7',
      clientId: '42',
      action: 'kyc.',
      from: dayStart('2026-11-01'),
      to: dayStart('2026-11-28'),
      limit: '50',
    });

    await user.click(await screen.findByRole('button', { name: 'Older entries' }));
    await screen.findByText('#48');
    expect(net.calls('audit').at(-1)!.query.cursor).toBe('50');
    expect(screen.getByText('End of the results.')).toBeTruthy();

    const list = screen.getByRole('listbox', { name: 'Audit entries' });
    list.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}k{Enter}');
    const opened = await screen.findByRole('article', { name: 'Entry 50' });
    expect(opened.textContent).toContain('"status": "approved"');
  });
});
