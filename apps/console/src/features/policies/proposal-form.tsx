import type { ApprovalOutcome } from '@imali/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { OutcomeNotice } from '../../components/outcome-notice';
import { Alert, Button } from '../../components/ui';
import { messageOf } from '../../lib/api';

/**
 * The one proposal flow of Staff & policies (decision 0063), shared by the tiers, the limits and
 * the fees: the fields are edited, "Preview" asks the server to check them (nothing written) and
 * shows the answer beside what is in force, "Request approval" sends the same fields with the
 * version the preview was made against (`baseVersion`: another version since, and the server
 * answers 409), and the outcome says whether it waits for checkers or is in force. Each section
 * passes its fields and its preview's body; the flow is here once.
 */

export const whenText = (iso: string | null) =>
  iso === null
    ? 'as soon as approved'
    : new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

/** A datetime-local value ('2026-11-28T17:00', the browser's time zone) as ISO, or null when empty. */
export const isoOfLocal = (local: string) => (local ? new Date(local).toISOString() : null);

export interface ProposalOptions<Input extends { baseVersion?: unknown }, Preview> {
  /** Checks the proposal on the server and answers the preview; nothing is written. */
  preview: (input: Input) => Promise<Preview>;
  /** Asks for the proposal previewed as an approval request. */
  request: (input: Input) => Promise<ApprovalOutcome>;
  /** The proposal as the fields hold it now. */
  input: () => Input;
  /** Problems to say before anything is sent (empty: none); the preview is not asked for then. */
  check?: () => string[];
}

/**
 * The state of one proposal: the preview and the request (their mutations), the problems found
 * before sending, and the three moves: `touched` (a field changed), `submit` (the form's submit:
 * check, then preview) and `ask` (request what was previewed).
 */
export function useProposal<
  Input extends { baseVersion?: unknown },
  Preview extends { payload: { baseVersion?: Input['baseVersion'] } },
>({ preview: previewFn, request: requestFn, input, check }: ProposalOptions<Input, Preview>) {
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<string[]>([]);
  const preview = useMutation({ mutationFn: previewFn });
  const request = useMutation({
    mutationFn: requestFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['approvals'] }),
  });

  // A changed field voids the preview: what is requested must be what was previewed.
  const touched = () => {
    preview.reset();
    request.reset();
    setProblems([]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    touched();
    const found = check?.() ?? [];
    if (found.length) setProblems(found);
    else preview.mutate(input());
  };
  // The fields are those previewed (any change voided the preview), with the version it showed.
  const ask = () => {
    if (preview.data) request.mutate({ ...input(), baseVersion: preview.data.payload.baseVersion });
  };
  return { preview, request, problems, touched, submit, ask };
}

export type Proposal<Preview> = {
  preview: { data?: Preview | undefined; isError: boolean; error: Error | null };
  request: { data?: ApprovalOutcome | undefined; isError: boolean; isPending: boolean; error: Error | null };
  problems: readonly string[];
  submit: (event: FormEvent) => void;
  ask: () => void;
};

/**
 * The form around one proposal: its title, the section's fields (`children`, with their Preview
 * button), the problems and the server's refusal, then the preview's body (`renderPreview`) and
 * "Request approval" or the outcome.
 */
export function ProposalForm<Preview>({
  proposal,
  titleId,
  title,
  previewLabel,
  requestLabel,
  renderPreview,
  children,
}: {
  proposal: Proposal<Preview>;
  /** The heading's id, which names the form. */
  titleId: string;
  title: string;
  /** The preview region's accessible name, e.g. "Fees preview". */
  previewLabel: string;
  /** The request button's text. */
  requestLabel: string;
  renderPreview: (preview: Preview) => ReactNode;
  children: ReactNode;
}) {
  const { preview, request, problems } = proposal;
  return (
    <form
      onSubmit={proposal.submit}
      aria-labelledby={titleId}
      className="mt-4 max-w-5xl space-y-3 rounded border border-slate-300 bg-white p-4 text-sm"
    >
      <h3 id={titleId} className="text-base font-semibold">
        {title}
      </h3>
      {children}
      {problems.length ? (
        <Alert>
          <ul className="list-disc pl-4">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {preview.isError ? <Alert>{messageOf(preview.error)}</Alert> : null}
      {preview.data ? (
        <section aria-label={previewLabel} className="space-y-3 rounded bg-slate-50 p-3">
          {renderPreview(preview.data)}
          {request.data ? (
            <OutcomeNotice outcome={request.data} done="In force." />
          ) : (
            <>
              {request.isError ? <Alert>{messageOf(request.error)}</Alert> : null}
              <Button disabled={request.isPending} onClick={proposal.ask}>
                {requestLabel}
              </Button>
            </>
          )}
        </section>
      ) : null}
    </form>
  );
}
