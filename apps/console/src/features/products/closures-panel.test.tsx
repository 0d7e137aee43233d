// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';
import type { ExchangeClosure } from './products-api';

const net = stubOpsNetwork();
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ');
afterEach(cleanup);

const closure = (over: Partial<ExchangeClosure> = {}): ExchangeClosure => ({
  id: 3,
  exchange: 'JSE',
  day: '2027-03-10',
  kind: 'closed',
  closeTime: null,
  reason: 'National day of mourning',
  declaredBy: 'staff:1',
  declaredAt: '2026-11-28T10:00:00.000Z',
  withdrawnBy: null,
  withdrawnAt: null,
  withdrawReason: null,
  ...over,
});

async function openTab() {
  renderConsole('/products');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Exchange closures' }));
  return user;
}

describe('Exchange closures', () => {
  beforeEach(() => {
    net.on('ipos', () => []);
    net.on('closures', ({ params }) => (params.exchange === 'JSE' ? [closure()] : []));
  });

  it('lists the JSE declarations; another exchange has none', async () => {
    net.on('me', () => staffMe(['support']));
    const user = await openTab();
    const table = await screen.findByRole('table', { name: 'Declared closures of the JSE' });
    expect(textOf(within(table).getByText('2027-03-10').closest('tr')!)).toMatch(
      /closed all day\s*National day of mourning/,
    );
    // Support may see, not act.
    expect(screen.queryByRole('form', { name: /Declare a closure/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Withdraw/ })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Exchange'), 'NYSE');
    expect(
      await screen.findByText(/No declared closures: the NYSE follows its published calendar/),
    ).toBeTruthy();
    expect(net.calls('closures').at(-1)!.params.exchange).toBe('NYSE');
  });

  it('declares a closure; a refusal shows the server reason and that nothing changed', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('closureDeclare', ({ body }) =>
      (body as { day: string }).day === '2026-11-02'
        ? opsError(
            400,
            'INVALID_INPUT',
            '2026-11-02 has passed at the JSE: a past session cannot be changed.',
          )
        : closure({ id: 4, day: '2027-03-11', reason: 'Election day' }),
    );
    const user = await openTab();
    const form = await screen.findByRole('form', { name: 'Declare a closure · JSE' });
    await user.type(within(form).getByLabelText(/^Day/), '2026-11-02');
    await user.type(within(form).getByLabelText('Reason'), 'Election day');
    await user.click(within(form).getByRole('button', { name: 'Declare' }));
    expect(textOf(await within(form).findByRole('alert'))).toMatch(
      /Refused: 2026-11-02 has passed at the JSE: a past session cannot be changed\. Nothing was changed\./,
    );
    await user.clear(within(form).getByLabelText(/^Day/));
    await user.type(within(form).getByLabelText(/^Day/), '2027-03-11');
    await user.click(within(form).getByRole('button', { name: 'Declare' }));
    expect(await screen.findByText(/Declared #4: the JSE closed all day on 2027-03-11/)).toBeTruthy();
    expect(net.calls('closureDeclare').at(-1)!.body).toEqual({
      day: '2027-03-11',
      kind: 'closed',
      reason: 'Election day',
    });
  });

  it('an early close needs its time before anything is sent', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('closureDeclare', () => closure({ id: 5, kind: 'early_close', closeTime: '12:00' }));
    const user = await openTab();
    const form = await screen.findByRole('form', { name: 'Declare a closure · JSE' });
    await user.type(within(form).getByLabelText(/^Day/), '2027-03-11');
    await user.click(within(form).getByLabelText('Early close'));
    await user.type(within(form).getByLabelText('Reason'), 'Power outage');
    await user.click(within(form).getByRole('button', { name: 'Declare' }));
    expect(textOf(await within(form).findByRole('alert'))).toMatch(/close time must be HH:MM/);
    expect(net.calls('closureDeclare')).toHaveLength(0);
    await user.type(within(form).getByLabelText(/Closes at/), '12:00');
    await user.click(within(form).getByRole('button', { name: 'Declare' }));
    expect(await screen.findByText(/closes early at 12:00/)).toBeTruthy();
  });

  it('withdraws a declaration with a reason', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('closureWithdraw', () =>
      closure({
        withdrawnAt: '2026-11-28T11:00:00.000Z',
        withdrawnBy: 'staff:1',
        withdrawReason: 'Rescinded',
      }),
    );
    const user = await openTab();
    const table = await screen.findByRole('table', { name: 'Declared closures of the JSE' });
    await user.click(within(table).getByRole('button', { name: 'Withdraw…' }));
    await user.type(within(table).getByLabelText('Reason for withdrawing #3'), 'Rescinded');
    await user.click(within(table).getByRole('button', { name: 'Withdraw #3' }));
    expect(
      await screen.findByText(/Declaration #3 withdrawn: the JSE trades on 2027-03-10 by its calendar/),
    ).toBeTruthy();
    const call = net.calls('closureWithdraw')[0]!;
    expect([call.params.exchange, call.params.id, call.body]).toEqual(['JSE', '3', { reason: 'Rescinded' }]);
  });
});
