// @vitest-environment happy-dom
import type { ApprovalOutcome } from '@imali/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { pendingRequest } from '../../test/approval-request';
import { ProposalForm, useProposal } from './proposal-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

interface ThingInput {
  value: string;
  baseVersion?: number;
}
interface ThingPreview {
  now: string;
  proposed: string;
  payload: { value: string; baseVersion: number };
}

const pending = (id: number, checkersRequired: number): ApprovalOutcome => {
  const request = pendingRequest({
    id,
    action: 'limits.change',
    itemKey: 'limits',
    policyId: 1,
    checkersRequired,
    checkerPermission: 'treasury.approve',
    expiresAt: '2026-11-29T10:00:00.000Z',
  });
  return { status: 'pending', request };
};

/** One field, checked before sending ('bad' is a problem), previewed and requested through the shared form. */
function Thing(props: {
  preview: (input: ThingInput) => Promise<ThingPreview>;
  request: (input: ThingInput) => Promise<ApprovalOutcome>;
}) {
  const [value, setValue] = useState('10');
  const proposal = useProposal({
    ...props,
    input: () => ({ value }),
    check: () => (value === 'bad' ? ['Enter a number.'] : []),
  });
  return (
    <ProposalForm
      proposal={proposal}
      titleId="thing-title"
      title="Propose a thing"
      previewLabel="Thing preview"
      requestLabel="Request approval of the thing"
      renderPreview={(p) => (
        <p>
          Now {p.now}, proposed {p.proposed}
        </p>
      )}
    >
      <label htmlFor="thing-value">Value</label>
      <input
        id="thing-value"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          proposal.touched();
        }}
      />
      <button type="submit">Preview</button>
    </ProposalForm>
  );
}

function renderThing(props: Parameters<typeof Thing>[0]) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Thing {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { form: screen.getByRole('form', { name: 'Propose a thing' }), invalidated };
}

const previewOf = async (input: ThingInput): Promise<ThingPreview> => ({
  now: '10',
  proposed: input.value,
  payload: { value: input.value, baseVersion: 4 },
});

describe('the shared proposal form', () => {
  it('says the problems found before sending and sends nothing; then previews, and requests with the version previewed', async () => {
    const user = userEvent.setup();
    const preview = vi.fn(previewOf);
    const request = vi.fn(async (_input: ThingInput) => pending(71, 2));
    const { form, invalidated } = renderThing({ preview, request });

    await user.clear(within(form).getByLabelText('Value'));
    await user.type(within(form).getByLabelText('Value'), 'bad');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Enter a number.');
    expect(preview).not.toHaveBeenCalled();

    // A change clears the problems.
    await user.clear(within(form).getByLabelText('Value'));
    expect(within(form).queryByRole('alert')).toBeNull();
    await user.type(within(form).getByLabelText('Value'), '12');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    const region = await within(form).findByRole('region', { name: 'Thing preview' });
    expect(region.textContent).toMatch(/Now 10, proposed 12/);
    expect(preview.mock.calls.map(([input]) => input)).toEqual([{ value: '12' }]);

    await user.click(within(region).getByRole('button', { name: 'Request approval of the thing' }));
    expect((await within(region).findByRole('status')).textContent).toMatch(
      /Waiting for approval by 2 checkers \(request #71\)\.\s*Open approvals/,
    );
    expect(within(region).getByRole('link', { name: 'Open approvals' }).getAttribute('href')).toBe(
      '/approvals',
    );
    // The fields previewed, with the version the preview was made against.
    expect(request.mock.calls.map(([input]) => input)).toEqual([{ value: '12', baseVersion: 4 }]);
    expect(within(region).queryByRole('button', { name: 'Request approval of the thing' })).toBeNull();
    // The inbox and my requests show it.
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['approvals'] });
  });

  it('a change after the preview voids it: nothing is left to request until previewed again', async () => {
    const user = userEvent.setup();
    const request = vi.fn(async (_input: ThingInput) => pending(72, 1));
    const { form } = renderThing({ preview: previewOf, request });
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    await within(form).findByRole('region', { name: 'Thing preview' });
    await user.type(within(form).getByLabelText('Value'), '0');
    expect(within(form).queryByRole('region', { name: 'Thing preview' })).toBeNull();
    expect(within(form).queryByRole('button', { name: /Request approval/ })).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the preview, and of the request with the button kept for another try", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const preview = vi.fn(async (input: ThingInput) => {
      if (input.value === '10') throw new ApiError(400, 'INVALID_INPUT', 'Nothing to change.');
      return previewOf(input);
    });
    const request = vi.fn(async (): Promise<ApprovalOutcome> => {
      if (refuse) {
        refuse = false;
        throw new ApiError(409, 'CONFLICT', 'The thing changed since your preview; preview again.');
      }
      return { status: 'executed', result: null };
    });
    const { form } = renderThing({ preview, request });
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Nothing to change.');
    expect(within(form).queryByRole('region', { name: 'Thing preview' })).toBeNull();

    await user.type(within(form).getByLabelText('Value'), '5');
    expect(within(form).queryByRole('alert')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    const region = await within(form).findByRole('region', { name: 'Thing preview' });
    await user.click(within(region).getByRole('button', { name: 'Request approval of the thing' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'The thing changed since your preview; preview again.',
    );
    await user.click(within(region).getByRole('button', { name: 'Request approval of the thing' }));
    expect((await within(region).findByRole('status')).textContent).toBe('In force.');
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(request).toHaveBeenCalledTimes(2);
  });
});
