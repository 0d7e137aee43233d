import type { StaffSession } from '@imali/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan, useStaff } from '../../app/session';
import { Alert, Button, PageTitle } from '../../components/ui';
import { messageOf } from '../../lib/api';
import { PasskeysSection } from './passkeys-section';
import { endSession, sessionsQuery } from './staff-api';

/**
 * My sessions, and with staff.read everyone's; a session can be ended from here. Below them, my
 * passkeys (the Security section).
 */
export function SessionsScreen() {
  const me = useStaff();
  const can = useCan();
  const seeAll = can('staff.read');
  const sessions = useQuery(sessionsQuery(seeAll ? 'all' : 'own'));
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'sessions'] }),
  });
  const all = sessions.data ?? [];
  const mine = all.filter((s) => s.staffId === me.id);
  const others = all.filter((s) => s.staffId !== me.id);

  const table = (rows: StaffSession[], caption: string, showWho: boolean, canEnd: boolean) => (
    <table className="mb-6 w-full border-collapse rounded border border-slate-300 bg-white text-sm">
      <caption className="mb-1 text-left text-base font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left text-slate-700">
          {showWho ? <th className="px-3 py-2">Staff</th> : null}
          <th className="px-3 py-2">Signed in</th>
          <th className="px-3 py-2">Last active</th>
          <th className="px-3 py-2">Ends at the latest</th>
          <th className="px-3 py-2">From</th>
          <th className="px-3 py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={showWho ? 6 : 5} className="px-3 py-2 text-slate-700">
              None.
            </td>
          </tr>
        ) : (
          rows.map((s) => (
            <tr key={s.id} className="border-b border-slate-200">
              {showWho ? <td className="px-3 py-2">{s.email}</td> : null}
              <td className="whitespace-nowrap px-3 py-2">{time(s.createdAt)}</td>
              <td className="whitespace-nowrap px-3 py-2">{time(s.lastSeenAt)}</td>
              <td className="whitespace-nowrap px-3 py-2">{time(s.absoluteExpiresAt)}</td>
              <td className="px-3 py-2">
                {s.ip ?? '—'}{' '}
                <span
                  className="block max-w-xs truncate text-xs text-slate-600"
                  title={s.userAgent ?? undefined}
                >
                  {s.userAgent ?? ''}
                </span>
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                {s.current ? (
                  <span className="text-slate-700">this session</span>
                ) : canEnd ? (
                  <Button
                    tone="secondary"
                    onClick={() => end.mutate(s.id)}
                    disabled={end.isPending}
                    aria-label={`End the session of ${s.email} signed in ${time(s.createdAt)}`}
                  >
                    End
                  </Button>
                ) : null}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );

  return (
    <section aria-labelledby="page-title">
      <PageTitle hint="A session ends after 15 minutes without activity or 10 hours after sign-in.">
        <span id="page-title">Sessions</span>
      </PageTitle>
      {end.isError ? <Alert>{messageOf(end.error)}</Alert> : null}
      {sessions.isPending ? <p role="status">Loading sessions…</p> : null}
      {sessions.isError ? <Alert>{messageOf(sessions.error)}</Alert> : null}
      {sessions.data ? (
        <>
          {table(mine, 'My sessions', false, true)}
          {seeAll ? table(others, 'Other staff sessions', true, can('staff.manage')) : null}
        </>
      ) : null}
      <PasskeysSection />
    </section>
  );
}

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
