// @vitest-environment happy-dom
import type { ApprovalRequest } from '@imali/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingRequest } from '../../test/approval-request';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';

const net = stubOpsNetwork();
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');
afterEach(cleanup);

const pending = (over: Partial<ApprovalRequest> = {}) => pendingRequest({ ...over });

describe('FX rates', () => {
  beforeEach(() => {
    net.on('me', () => staffMe(['treasury']));
    net.on('ipos', () => []);
    net.on('rates', () => [
      {
        primary: 'USD',
        secondary: 'ZAR',
        rate: '18.100000',
        mid_rate: '18.300000',
        spread: '0.010929',
        derived: false,
        updated_at: '2026-11-27T08:00:00.000Z',
      },
    ]);
  });

  it('a refused spread is shown as refused, with no request button', async () => {
    // The server's wording (fx.service checkedPublication): already begins with "Refused:".
    const REASON =
      'Refused: the USD→ZAR rate 16.5 is 0.095890 below its mid 18.3; the spread may be at most 0.050000.';
    net.on('ratePreview', () => opsError(400, 'INVALID_INPUT', REASON));
    renderConsole('/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'FX rates' }));
    expect(textOf(await screen.findByRole('table', { name: 'Published rates' }))).toMatch(
      /USD→ZAR\s*18\.100000/,
    );
    await user.type(screen.getByLabelText('From (currency)'), 'usd');
    await user.type(screen.getByLabelText('To (currency)'), 'ZAR');
    await user.type(screen.getByLabelText('Rate'), '16.5');
    await user.type(screen.getByLabelText('Mid (optional)'), '18.3');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(textOf(await screen.findByRole('alert'))).toBe(REASON);
    expect(screen.queryByRole('button', { name: 'Request publication' })).toBeNull();
    expect(net.calls('ratePreview')[0]!.query).toEqual({ from: 'USD', to: 'ZAR', rate: '16.5', mid: '18.3' });
    expect(net.calls('rateRequest')).toHaveLength(0);
  });

  it('an accepted preview enables the request, which waits for approval; a changed field voids the preview', async () => {
    net.on('ratePreview', ({ query }) => ({
      from: query.from!,
      to: query.to!,
      rate: query.rate!,
      mid: '18.300000',
      spread: '0.005464',
      before: { rate: '18.100000', mid: '18.300000' },
    }));
    net.on('rateRequest', () => ({
      status: 'pending',
      request: pending({ id: 52, action: 'fx.rate_publish', checkerPermission: 'treasury.approve' }),
    }));
    renderConsole('/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'FX rates' }));
    await user.type(await screen.findByLabelText('From (currency)'), 'USD');
    await user.type(screen.getByLabelText('To (currency)'), 'ZAR');
    await user.type(screen.getByLabelText('Rate'), '18.2');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Publication preview' });
    expect(textOf(preview)).toMatch(/Spread\s*0\.55 %/);
    await user.type(screen.getByLabelText('Rate'), '5');
    expect(screen.queryByRole('button', { name: 'Request publication' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Request publication' }));
    expect(await screen.findByText(/Waiting for approval by 1 checker \(request #52/)).toBeTruthy();
    expect(net.calls('rateRequest')[0]!.body).toEqual({
      from: 'USD',
      to: 'ZAR',
      rate: '18.25',
      mid: '18.300000',
    });
  });
});
