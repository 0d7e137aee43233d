// @vitest-environment happy-dom
import { STEP_UP_HEADER } from '@imali/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../lib/api';
import { opsError, stubOpsNetwork } from '../test/ops-network';
import { StepUpCancelled, StepUpProvider, useStepUp } from './step-up';

const net = stubOpsNetwork();
const ZANELE = {
  id: 9,
  email: 'zanele@imali.test',
  displayName: 'Zanele',
  roles: [],
  disabled: true,
  lockedUntil: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  system: false,
};
afterEach(cleanup);

/** A button whose request goes out first without a code (`askFirst: false`). */
function Disabler() {
  const withStepUp = useStepUp();
  const [result, setResult] = useState('');
  const run = () =>
    withStepUp(
      (code) =>
        api('/staff/9/disable', {
          method: 'POST',
          schema: z.unknown(),
          ...(code ? { stepUpCode: code } : {}),
        }),
      { askFirst: false, title: 'Disable Zanele' },
    ).then(
      () => setResult('done'),
      (error: unknown) => setResult(error instanceof StepUpCancelled ? 'cancelled' : 'failed'),
    );
  return (
    <>
      <button onClick={run}>Disable</button>
      <output>{result}</output>
    </>
  );
}

describe('the step-up dialog', () => {
  it('opens when the server asks for a fresh code and retries the same request with it', async () => {
    net.on('staffDisable', ({ headers }) =>
      headers.get(STEP_UP_HEADER) === '314159'
        ? ZANELE
        : opsError(401, 'INVALID_CODE', 'Enter a fresh code to confirm.'),
    );
    render(
      <StepUpProvider>
        <Disabler />
      </StepUpProvider>,
    );
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Disable' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Disable Zanele' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a fresh code to confirm.');
    // A code that is not six digits never reaches the server.
    await user.type(within(dialog).getByLabelText('6-digit code'), '31{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Enter the 6-digit code from your authenticator app.',
    );
    expect(net.calls('staffDisable')).toHaveLength(1);

    await user.clear(within(dialog).getByLabelText('6-digit code'));
    await user.type(within(dialog).getByLabelText('6-digit code'), '314159{Enter}');
    expect(await screen.findByText('done')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(net.calls('staffDisable').map((c) => c.headers.get(STEP_UP_HEADER))).toEqual([null, '314159']);
    // Focus is back on the button that opened it.
    expect(document.activeElement).toBe(opener);
  });

  it('keeps the focus inside, and Escape cancels', async () => {
    net.on('staffDisable', () => opsError(401, 'INVALID_CODE', 'Enter a fresh code to confirm.'));
    render(
      <StepUpProvider>
        <Disabler />
      </StepUpProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await screen.findByRole('dialog');
    // The focus stays in the dialog: from its last button, Tab goes back to the code.
    const dialog = screen.getByRole('dialog');
    within(dialog).getByRole('button', { name: 'Confirm' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('6-digit code'));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Confirm' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByText('cancelled')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
