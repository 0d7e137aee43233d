import type { StaffPasskey } from '@imali/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { StepUpCancelled, useStepUp } from '../../components/step-up';
import { Alert, Button, TextField } from '../../components/ui';
import { messageOf } from '../../lib/api';
import { createPasskey, passkeysSupported } from '../../lib/passkeys';
import { ME_KEY } from '../auth/auth-api';
import { addPasskey, passkeyCreationOptions, passkeysQuery, removePasskey } from './staff-api';

/**
 * Security: the signed-in user's passkeys (decision 0066), an option beside the authenticator
 * code at sign-in and for step-up. Adding or removing one needs a code from the authenticator app
 * (not a passkey: whoever holds a passkey alone must not manage them).
 */
export function PasskeysSection() {
  const passkeys = useQuery(passkeysQuery);
  const queryClient = useQueryClient();
  const withStepUp = useStepUp();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [supported] = useState(passkeysSupported);
  // The list, and /auth/me's count (the step-up dialog offers a passkey when there is one).
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ME_KEY }),
    ]);

  const add = useMutation({
    mutationFn: async (passkeyName: string) => {
      // The browser's prompt first (the passkey is made), then the code: a code asked for before
      // the prompt could expire while the user finds their device.
      const credential = await createPasskey(await passkeyCreationOptions());
      return withStepUp((code) => addPasskey(passkeyName, credential, code), {
        title: `Add the passkey “${passkeyName}”`,
        passkey: false,
      });
    },
    onSuccess: () => {
      setName('');
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (passkey: StaffPasskey) =>
      withStepUp((code) => removePasskey(passkey.id, code), {
        title: `Remove the passkey “${passkey.name}”`,
        passkey: false,
      }),
    onSuccess: refresh,
  });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 60) {
      setNameError('Name this passkey (e.g. “Work laptop”), up to 60 characters.');
      return;
    }
    setNameError(undefined);
    add.mutate(trimmed);
  };
  const failure = [add.error, remove.error].find((e) => e && !(e instanceof StepUpCancelled));
  const list = passkeys.data ?? [];

  return (
    <section aria-labelledby="security-title" className="mt-8 max-w-3xl">
      <h2 id="security-title" className="text-base font-semibold">
        Security: passkeys
      </h2>
      <p className="mb-2 text-sm text-slate-700">
        A passkey (your device’s fingerprint, face or PIN) can stand in for the 6-digit code when you sign in
        and when you confirm an action. Your authenticator app keeps working beside it.
      </p>
      {failure ? <Alert>{messageOf(failure)}</Alert> : null}
      {add.isSuccess ? <Alert tone="success">Passkey added.</Alert> : null}
      {passkeys.isPending ? <p role="status">Loading passkeys…</p> : null}
      {passkeys.isError ? <Alert>{messageOf(passkeys.error)}</Alert> : null}
      {passkeys.data ? (
        <table className="mb-4 w-full border-collapse rounded border border-slate-300 bg-white text-sm">
          <caption className="sr-only">My passkeys</caption>
          <thead>
            <tr className="border-b border-slate-300 text-left text-slate-700">
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Added</th>
              <th className="px-3 py-2">Last used</th>
              <th className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-2 text-slate-700">
                  No passkey yet: you sign in and confirm with your authenticator app’s code.
                </td>
              </tr>
            ) : (
              list.map((p) => (
                <tr key={p.id} className="border-b border-slate-200">
                  <td className="px-3 py-2">{p.name}</td>
                  <td className="whitespace-nowrap px-3 py-2">{time(p.createdAt)}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {p.lastUsedAt ? time(p.lastUsedAt) : 'never'}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    <Button
                      tone="secondary"
                      onClick={() => remove.mutate(p)}
                      disabled={remove.isPending}
                      aria-label={`Remove the passkey ${p.name}`}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      ) : null}
      {supported ? (
        <form
          noValidate
          onSubmit={onAdd}
          className="flex items-end gap-2 rounded border border-slate-300 bg-white p-4"
        >
          <div className="flex-1">
            <TextField
              id="passkey-name"
              label="Name of the new passkey"
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
              error={nameError}
            />
          </div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add a passkey'}
          </Button>
        </form>
      ) : (
        <Alert tone="info">This browser cannot use passkeys.</Alert>
      )}
    </section>
  );
}

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
