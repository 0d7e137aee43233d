// @vitest-environment happy-dom
import type { KycDecisionResult, KycQueueItem, KycReviewDetail } from '@imali/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';

const net = stubOpsNetwork();
afterEach(cleanup);
beforeEach(() => net.on('me', () => staffMe(['kyc_reviewer'])));

const item = (submissionId: number, fullName: string, flags = 0): KycQueueItem => ({
  submissionId,
  clientId: 100 + submissionId,
  clientDisplayName: fullName.split(' ')[0]!,
  fullName,
  status: 'pending',
  submittedAt: '2026-11-27T10:00:00.000Z',
  ageSeconds: 7200,
  duplicateFlagCount: flags,
});

const SIPHO: KycReviewDetail = {
  submissionId: 12,
  status: 'pending',
  reason: null,
  requestedDocument: null,
  submittedAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  client: { id: 112, displayName: 'Sipho', mobile: '723456781', kycStatus: 'pending' },
  fields: { fullName: 'Sipho Mokoena', idNo: '9001014800086', mobile: '723456781', dob: '1990-01-01' },
  images: {
    idFront: { uploadId: 'front-1', url: '/ops/v1/files/front-1' },
    idBack: { uploadId: 'back-1', url: '/ops/v1/files/back-1' },
  },
  latest: true,
  flags: [
    {
      kind: 'id_number',
      otherClientId: 1,
      otherDisplayName: 'Thandi',
      matched: '9001014800086',
      link: { clientId: 1 },
    },
  ],
  earlier: [],
};

const decided = (status: 'approved' | 'rejected', reason: string | null = null): KycDecisionResult => ({
  submissionId: 12,
  clientId: 112,
  status,
  reason,
  requestedDocument: null,
  decidedAt: '2026-11-28T10:00:00.000Z',
});

describe('the KYC queue', () => {
  it('lists pending submissions oldest first with the flag badge, sorts, and opens one with j/k and Enter', async () => {
    net.on('kycQueue', ({ query }) => ({
      items:
        query.sort === 'newest'
          ? [item(13, 'Lerato Dlamini'), item(12, 'Sipho Mokoena', 2)]
          : [item(12, 'Sipho Mokoena', 2), item(13, 'Lerato Dlamini')],
      nextCursor: null,
    }));
    net.on('kycDetail', () => ({
      ...SIPHO,
      submissionId: 13,
      fields: { ...SIPHO.fields, fullName: 'Lerato Dlamini' },
    }));
    renderConsole('/kyc');
    const user = userEvent.setup();
    const list = await screen.findByRole('listbox', { name: 'KYC submissions' });
    expect(net.calls('kycQueue')[0]!.query).toMatchObject({ status: 'pending', sort: 'oldest' });
    const options = within(list).getAllByRole('option');
    expect(options[0]!.textContent).toContain('Sipho Mokoena');
    expect(within(options[0]!).getByText('2 duplicate flags')).toBeTruthy();
    expect(within(options[1]!).getByText('none')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Order'), 'newest');
    await waitFor(() => expect(net.calls('kycQueue').at(-1)!.query.sort).toBe('newest'));
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]!.textContent).toContain('Lerato'),
    );

    const fresh = screen.getByRole('listbox', { name: 'KYC submissions' });
    fresh.focus();
    await user.keyboard('jk{ArrowDown}');
    expect(fresh.getAttribute('aria-activedescendant')).toBe('kyc-item-1');
    await user.keyboard('k{Enter}');
    await screen.findByRole('heading', { name: /KYC submission #13: Lerato Dlamini/ });
  });
});

describe('a KYC submission', () => {
  it('shows the fields beside both ID images, zooms and rotates them, and links the duplicate client', async () => {
    net.on('kycDetail', () => SIPHO);
    renderConsole('/kyc/12');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: /KYC submission #12: Sipho Mokoena/ });
    expect(screen.getByText('9001014800086', { selector: 'dd' })).toBeTruthy();
    const front = screen.getByRole('img', { name: 'ID front' });
    const back = screen.getByRole('img', { name: 'ID back' });
    expect(front.getAttribute('src')).toBe('/ops/v1/files/front-1');
    expect(back.getAttribute('src')).toBe('/ops/v1/files/back-1');

    await user.click(screen.getByRole('button', { name: 'Zoom in on the ID front' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in on the ID front' }));
    await user.click(screen.getByRole('button', { name: 'Rotate 90° clockwise, the ID front' }));
    expect(front.getAttribute('style')).toMatch(/width: 150%.*height: 150%.*rotate\(90deg\)/);
    screen.getByRole('button', { name: 'Zoom out of the ID back' }).focus();
    await user.keyboard('{Enter}');
    expect(back.getAttribute('style')).toContain('width: 75%');
    await user.click(screen.getByRole('button', { name: 'Reset the ID front view' }));
    expect(front.getAttribute('style')).toMatch(/width: 100%.*rotate\(0deg\)/);

    const flags = screen.getByRole('list', { name: 'Duplicate flags' });
    expect(flags.textContent).toContain('Same ID number');
    expect(within(flags).getByRole('link', { name: 'Thandi (client 1)' }).getAttribute('href')).toBe(
      '/clients/1',
    );
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('rejects with the reason the client sees and goes back to the queue with a confirmation', async () => {
    net.on('kycDetail', () => SIPHO);
    net.on('kycReject', () => decided('rejected', 'The ID photo is blurred.'));
    net.on('kycQueue', () => ({ items: [], nextCursor: null }));
    const { router } = renderConsole('/kyc/12');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Reason the client sees'));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect((await screen.findByText(/Write a reason/)).id).toBe('kyc-reason-error');
    expect(net.calls('kycReject')).toHaveLength(0);
    await user.type(screen.getByLabelText('Reason the client sees'), 'The ID photo is blurred.');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByText('Submission #12 (Sipho Mokoena) rejected; the client sees the reason.');
    expect(router.state.location.pathname).toBe('/kyc');
    expect(net.calls('kycReject')[0]!.body).toEqual({ reason: 'The ID photo is blurred.' });
    expect(net.calls('kycReject')[0]!.params.submissionId).toBe('12');
  });

  it('asks for a new image of one document with a reason', async () => {
    net.on('kycDetail', () => SIPHO);
    net.on('kycRequestDocument', () => ({
      ...decided('rejected', 'Back is cut off'),
      requestedDocument: 'id_back',
    }));
    net.on('kycQueue', () => ({ items: [], nextCursor: null }));
    renderConsole('/kyc/12');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ask for a new image…' }));
    await user.selectOptions(screen.getByLabelText('Document'), 'id_back');
    await user.type(screen.getByLabelText('Reason the client sees'), 'Back is cut off');
    await user.click(screen.getByRole('button', { name: 'Ask for the new image' }));
    await screen.findByText(/A new image of the ID back was asked of Sipho Mokoena/);
    expect(net.calls('kycRequestDocument')[0]!.body).toEqual({
      document: 'id_back',
      reason: 'Back is cut off',
    });
  });

  it('shows a 409 (decided meanwhile) clearly and stays on the page', async () => {
    net.on('kycDetail', () => SIPHO);
    net.on('kycApprove', () =>
      opsError(409, 'CONFLICT', 'KYC submission 12 is not pending (it is approved).'),
    );
    const { router } = renderConsole('/kyc/12');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Approve' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Already decided.');
    expect(alert.textContent).toContain('KYC submission 12 is not pending (it is approved).');
    expect(router.state.location.pathname).toBe('/kyc/12');
    expect(screen.queryByLabelText(/Override reason/)).toBeNull();
  });

  it('approves with an override reason when the ID number is approved on another client', async () => {
    net.on('kycDetail', () => SIPHO);
    net.on('kycApprove', ({ body }) =>
      (body as { overrideReason?: string }).overrideReason
        ? decided('approved')
        : opsError(
            409,
            'KYC_DUPLICATE_ID_NUMBER',
            'ID number 9001014800086 is already approved for 0821234567.',
          ),
    );
    net.on('kycQueue', () => ({ items: [], nextCursor: null }));
    renderConsole('/kyc/12');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const reason = await screen.findByLabelText(/Override reason/);
    expect(screen.getByRole('alert').textContent).toContain('already approved for 0821234567');
    await user.type(reason, 'Same person, new mobile (called the client).');
    await user.click(screen.getByRole('button', { name: 'Approve with override' }));
    await screen.findByText('Submission #12 (Sipho Mokoena) approved.');
    expect(net.calls('kycApprove').map((c) => c.body)).toEqual([
      {},
      { overrideReason: 'Same person, new mobile (called the client).' },
    ]);
  });

  it('is read-only for a role without kyc.decide', async () => {
    net.on('me', () => staffMe(['support']));
    net.on('kycDetail', () => SIPHO);
    renderConsole('/kyc/12');
    await screen.findByRole('img', { name: 'ID front' });
    expect(screen.getByText('Your roles let you read this submission, not decide it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject…' })).toBeNull();
  });
});
