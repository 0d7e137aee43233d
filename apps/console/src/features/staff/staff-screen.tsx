import { zodResolver } from '@hookform/resolvers/zod';
import {
  STAFF_ROLES,
  ROLE_PERMISSIONS,
  type StaffCreated,
  type StaffRole,
  type StaffUser,
} from '@imali/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useCan } from '../../app/session';
import { StepUpCancelled, useStepUp } from '../../components/step-up';
import { QueueList } from '../../components/queue';
import { Alert, Button, FieldError, PageTitle, TextField, labelClass } from '../../components/ui';
import { messageOf } from '../../lib/api';
import { PoliciesSection } from '../policies/policies-section';
import {
  createStaff,
  createStaffForm,
  disableStaff,
  setRoles,
  staffListQuery,
  type CreateStaffForm,
} from './staff-api';

const roleLabel = (role: string) => role.replace(/_/g, ' ');

/** The mark of the reserved system user (decision 0064): the jobs ask as it; it is not a person. */
const SYSTEM_MARK = 'System (jobs)';

function SystemBadge() {
  return (
    <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
      {SYSTEM_MARK}
    </span>
  );
}

/** Staff users and their roles; creating one, changing roles and disabling (the last two step-up). */
export function StaffScreen() {
  const can = useCan();
  return (
    <section aria-labelledby="page-title">
      <PageTitle hint="Staff users of the console, their roles and sessions. Role changes and disabling need a fresh code.">
        <span id="page-title">Staff & policies</span>
      </PageTitle>
      {can('staff.read') ? <StaffList canManage={can('staff.manage')} /> : null}
      {can('staff.manage') ? <CreateStaff /> : null}
      {can('policies.read') ? <PoliciesSection /> : null}
    </section>
  );
}

function StaffList({ canManage }: { canManage: boolean }) {
  const staff = useQuery(staffListQuery);
  const users = staff.data ?? [];
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = users.find((u) => u.id === openId);

  if (staff.isPending) return <p role="status">Loading staff…</p>;
  if (staff.isError) return <Alert>{messageOf(staff.error)}</Alert>;
  return (
    <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-4">
      <div>
        <h2 className="mb-1 text-base font-semibold" id="staff-list-title">
          Staff users
        </h2>
        <QueueList
          items={users}
          keyOf={(user) => user.id}
          idPrefix="staff"
          name={{ labelledBy: 'staff-list-title' }}
          help="j / k or the arrow keys move, Enter opens a staff user."
          columns="grid-cols-[12rem_1fr_6rem]"
          onOpen={(user) => setOpenId(user.id)}
          renderRow={(user) => (
            <>
              <span>
                <span className="font-semibold">{user.displayName}</span>
                <span className="block text-xs text-slate-600">{user.email}</span>
              </span>
              {user.system ? (
                <>
                  <span>
                    <SystemBadge />
                  </span>
                  <span className="text-slate-700">never signs in</span>
                </>
              ) : (
                <>
                  <span>{user.roles.map(roleLabel).join(', ') || 'no role'}</span>
                  <span className={user.disabled ? 'text-red-800' : 'text-slate-700'}>
                    {user.disabled ? 'disabled' : user.lockedUntil ? 'locked' : 'active'}
                  </span>
                </>
              )}
            </>
          )}
        />
      </div>
      {opened?.system ? (
        <SystemUserDetail user={opened} />
      ) : opened ? (
        <StaffDetail key={opened.id} user={opened} canManage={canManage} />
      ) : (
        <p className="text-sm text-slate-600">Open a staff user to see or change their roles.</p>
      )}
    </div>
  );
}

/**
 * The reserved system user (id 9000, decision 0064): what it is, and no controls. It cannot sign
 * in (so it has no sessions), it has no roles and the server refuses to give it one (409).
 */
function SystemUserDetail({ user }: { user: StaffUser }) {
  return (
    <article
      aria-labelledby="staff-detail-title"
      className="space-y-3 self-start rounded border border-slate-300 bg-white p-4"
    >
      <h2 id="staff-detail-title" className="font-semibold">
        {user.displayName} <SystemBadge />
      </h2>
      <p className="text-sm text-slate-700">
        Not a person: the scheduled jobs (fund valuations, structured-product starts and maturities) ask for
        their runs as this user, and a staff user approves them. It never signs in and has no roles; none can
        be given, and it is never a checker.
      </p>
    </article>
  );
}

function RoleChoices({
  value,
  onChange,
  disabled,
  legend,
}: {
  value: StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  disabled?: boolean;
  legend: string;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-1">
        {STAFF_ROLES.map((role) => (
          <label
            key={role}
            className="flex items-center gap-2 text-sm"
            title={ROLE_PERMISSIONS[role].join(', ')}
          >
            <input
              type="checkbox"
              checked={value.includes(role)}
              onChange={(e) =>
                onChange(e.target.checked ? [...value, role] : value.filter((r) => r !== role))
              }
            />
            {roleLabel(role)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function StaffDetail({ user, canManage }: { user: StaffUser; canManage: boolean }) {
  const [roles, setRolesState] = useState<StaffRole[]>(user.roles);
  const [done, setDone] = useState<string | null>(null);
  const withStepUp = useStepUp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staff'] });
  const changeRoles = useMutation({
    mutationFn: () =>
      withStepUp((code) => setRoles(user.id, roles, code), {
        title: `Change the roles of ${user.displayName}`,
      }),
    onSuccess: () => {
      setDone('Roles changed.');
      return refresh();
    },
  });
  const disable = useMutation({
    mutationFn: () =>
      withStepUp((code) => disableStaff(user.id, code), { title: `Disable ${user.displayName}` }),
    onSuccess: () => {
      setDone(`${user.displayName} is disabled; their sessions are ended.`);
      return refresh();
    },
  });
  const failure = [changeRoles.error, disable.error].find((e) => e && !(e instanceof StepUpCancelled));
  const unchanged = roles.length === user.roles.length && roles.every((r) => user.roles.includes(r));

  return (
    <article
      aria-labelledby="staff-detail-title"
      className="space-y-3 self-start rounded border border-slate-300 bg-white p-4"
    >
      <h2 id="staff-detail-title" className="font-semibold">
        {user.displayName} <span className="font-normal text-slate-600">{user.email}</span>
      </h2>
      <p className="text-sm text-slate-700">
        Created {new Date(user.createdAt).toLocaleDateString('en-ZA')}
        {user.disabled ? ' · disabled' : ''}
        {user.lockedUntil ? ` · locked until ${new Date(user.lockedUntil).toLocaleString('en-ZA')}` : ''}
      </p>
      {failure ? <Alert>{messageOf(failure)}</Alert> : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      <RoleChoices
        legend="Roles"
        value={roles}
        onChange={setRolesState}
        disabled={!canManage || user.disabled || changeRoles.isPending}
      />
      {canManage && !user.disabled ? (
        <div className="flex gap-2">
          <Button onClick={() => changeRoles.mutate()} disabled={unchanged || changeRoles.isPending}>
            Save roles
          </Button>
          <Button tone="danger" onClick={() => disable.mutate()} disabled={disable.isPending}>
            Disable
          </Button>
        </div>
      ) : null}
    </article>
  );
}

function CreateStaff() {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<StaffCreated | null>(null);
  const withStepUp = useStepUp();
  const {
    register,
    handleSubmit,
    setValue,
    control,
    reset,
    formState: { errors },
  } = useForm<CreateStaffForm>({
    resolver: zodResolver(createStaffForm),
    defaultValues: { email: '', displayName: '', password: '', roles: [] },
  });
  const create = useMutation({
    mutationFn: (input: CreateStaffForm) =>
      withStepUp((code) => createStaff(input, code), { title: `Create the staff user ${input.email}` }),
    onSuccess: (result) => {
      // Held only here, never in the query cache: shown once, gone when dismissed.
      setCreated(result);
      reset();
      return queryClient.invalidateQueries({ queryKey: ['staff'] });
    },
  });
  const roles = useWatch({ control, name: 'roles' });

  return (
    <section aria-labelledby="create-staff-title" className="mt-8 max-w-2xl">
      <h2 id="create-staff-title" className="text-base font-semibold">
        New staff user
      </h2>
      {created ? (
        <TotpSecretOnce created={created} onDone={() => setCreated(null)} />
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit((values) => create.mutate(values))}
          className="mt-2 space-y-3 rounded border border-slate-300 bg-white p-4"
        >
          {create.isError && !(create.error instanceof StepUpCancelled) ? (
            <Alert>{messageOf(create.error)}</Alert>
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            <TextField
              id="new-email"
              label="Work email"
              type="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              id="new-name"
              label="Display name"
              error={errors.displayName?.message}
              {...register('displayName')}
            />
            <TextField
              id="new-password"
              label="First password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
          </div>
          <RoleChoices
            legend="Roles"
            value={roles}
            onChange={(next) => setValue('roles', next, { shouldValidate: true })}
          />
          <FieldError id="new-roles-error" message={errors.roles?.message} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create staff user'}
          </Button>
        </form>
      )}
    </section>
  );
}

/** The new user's TOTP secret, once: the server keeps it sealed and never sends it again. */
function TotpSecretOnce({ created, onDone }: { created: StaffCreated; onDone: () => void }) {
  return (
    <div
      role="region"
      aria-labelledby="secret-title"
      className="mt-2 space-y-2 rounded border-2 border-amber-600 bg-amber-50 p-4"
    >
      <h3 id="secret-title" className="font-semibold text-slate-900">
        {created.user.email} is created. Their authenticator secret, shown this once:
      </h3>
      <p className="text-sm text-slate-800">
        Give it to them in person or over a channel you trust; they add it to their authenticator app. It
        cannot be shown again.
      </p>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-2 text-sm">
        <dt className="text-slate-700">Secret</dt>
        <dd className="break-all font-mono" data-testid="totp-secret">
          {created.totpSecret}
        </dd>
        <dt className="text-slate-700">otpauth URI</dt>
        <dd className="break-all font-mono text-xs">{created.otpauthUri}</dd>
      </dl>
      <Button onClick={onDone}>I have handed it over</Button>
    </div>
  );
}
