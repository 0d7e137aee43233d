import type { ComponentType } from 'react';
import { lazyRetry } from '@/lib/lazy-retry';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { APP_VERSION } from '@imali/contract';
import { bottomDrawer } from '@/components/ui/bottom-drawer';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import {
  BankIcon,
  ChevronRightIcon,
  IdCardIcon,
  ImageIcon,
  KeyIcon,
  LockIcon,
  LogoutIcon,
  TransferIcon,
  WalletIcon,
} from '@/components/ui/icons';
import { modal } from '@/components/ui/modal';
import { rightDrawer } from '@/components/ui/right-drawer';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '@/lib/profile';
import { ConfirmLogoutModal } from './confirm-logout-modal';
import { KycDetailsModal } from './kyc-details-modal';
import { UserAvatar } from './user-avatar';

// The cropper is heavy: it loads only when the Update Avatar modal opens.
const UpdateAvatarModal = lazyRetry(() => import('./update-avatar-modal'));
// The two forms (react-hook-form and zod) load when opened, not with every signed-in page, which
// carries this drawer in its header (decision 0039).
const ChangePasswordModal = lazyRetry(() =>
  import('./change-password-modal').then((m) => ({ default: m.ChangePasswordModal })),
);
const SetPinModal = lazyRetry(() => import('./set-pin-modal').then((m) => ({ default: m.SetPinModal })));

export type AvatarDrawerSection = 'profile' | 'security' | 'bank';

/** A row another feature adds to the drawer (registered in app/registry/avatar-actions.ts). */
export interface AvatarDrawerAction {
  id: string;
  section: AvatarDrawerSection;
  label: string;
  icon?: ComponentType<{ size?: number }>;
  onSelect: (ctx: { navigate: (to: string) => void; closeDrawer: () => void }) => void;
}

function Row({
  icon: Icon,
  label,
  onClick,
  hint,
}: {
  icon: ComponentType<{ size?: number }>;
  label: string;
  onClick: () => void;
  hint?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-slate-700 transition-colors hover:bg-slate-50"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
        <Icon size={17} />
      </span>
      <span className="flex-1">{label}</span>
      {hint && <span className="text-xs text-slate-400">{hint}</span>}
      <ChevronRightIcon size={16} className="text-slate-300" />
    </button>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="px-3">
      <h3 className="px-3 pt-4 pb-1 text-xs font-semibold tracking-wider text-slate-400 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function AvatarDrawer({ extraActions = [] }: { extraActions?: AvatarDrawerAction[] }) {
  const { data: profile, isLoading } = useProfile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const go = (to: string) => void navigate(to);
  const ctx = { navigate: go, closeDrawer: rightDrawer.close };
  const extra = (section: AvatarDrawerSection) =>
    extraActions
      .filter((a) => a.section === section)
      .map((a) => (
        <Row key={a.id} icon={a.icon ?? ChevronRightIcon} label={a.label} onClick={() => a.onSelect(ctx)} />
      ));

  const openModal = (key: string, title: string, content: ComponentType, width?: string) => {
    rightDrawer.close();
    modal.open({ key, title, content, width });
  };

  return (
    <div className="flex min-h-full flex-col">
      <div className="bg-gradient-to-br from-brand-700 via-brand-700 to-brand-600 px-5 pt-8 pb-6 text-white">
        {isLoading || !profile ? (
          <div className="flex items-center gap-4">
            <Skeleton className="size-16 rounded-full bg-white/20" />
            <div className="space-y-2">
              <Skeleton className="h-4 w-32 bg-white/20" />
              <Skeleton className="h-3 w-24 bg-white/20" />
            </div>
          </div>
        ) : (
          <>
            <div className="flex items-center gap-4">
              <div className="rounded-full ring-2 ring-gold-400/80 ring-offset-2 ring-offset-brand-700">
                <UserAvatar profile={profile} size={64} />
              </div>
              <div className="min-w-0">
                <p className="truncate text-lg font-semibold">{profile.name || 'Imali client'}</p>
                {profile.email && <p className="truncate text-sm text-brand-100">{profile.email}</p>}
                <p className="mt-0.5 flex items-center gap-1 text-sm text-brand-100">
                  UID: <span className="font-mono text-white">{profile.id}</span>
                  <CopyButton
                    text={String(profile.id)}
                    label="UID"
                    className="text-brand-100 hover:bg-white/10 hover:text-white"
                  />
                </p>
              </div>
            </div>
            <div className="mt-4 flex flex-wrap gap-2">
              <span className="rounded-full bg-gold-400 px-2.5 py-0.5 text-xs font-bold text-brand-900">
                VIP: {profile.vip}
              </span>
              <span className="rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold text-white">
                Trust Rating: {profile.score}
              </span>
            </div>
          </>
        )}
        <div className="mt-5 grid grid-cols-2 gap-3">
          <Button variant="secondary" disabled className="bg-white/10 text-white hover:bg-white/10">
            <TransferIcon size={17} /> Transfer
          </Button>
          <Button
            variant="gold"
            onClick={() => {
              rightDrawer.close();
              bottomDrawer.open('withdraw');
            }}
          >
            <WalletIcon size={17} /> Withdraw
          </Button>
        </div>
      </div>

      <Section title="User Profile">
        <Row
          icon={ImageIcon}
          label="Update Avatar"
          onClick={() => openModal('update-avatar', 'Update Avatar', UpdateAvatarModal)}
        />
        <Row
          icon={IdCardIcon}
          label="View KYC"
          onClick={() => openModal('kyc-details', 'KYC Details', KycDetailsModal, '40rem')}
        />
        {extra('profile')}
      </Section>
      <Section title="Security">
        <Row
          icon={LockIcon}
          label="Change Password"
          onClick={() => openModal('change-password', 'Change Password', ChangePasswordModal)}
        />
        <Row
          icon={KeyIcon}
          label={profile?.has_pin ? 'Reset PIN' : 'Set PIN'}
          hint={profile?.has_pin ? 'PIN set' : 'Not set'}
          onClick={() => openModal('set-pin', 'Set PIN', SetPinModal)}
        />
        {extra('security')}
      </Section>
      <Section title="Bank Accounts">
        <Row
          icon={BankIcon}
          label="Bank Accounts"
          onClick={() => {
            rightDrawer.close();
            go('/me/profile#bank-section');
          }}
        />
        {extra('bank')}
      </Section>
      <div className="mt-auto px-6 pt-6 pb-5">
        <Button
          variant="outline"
          block
          onClick={() => {
            rightDrawer.close();
            modal.open({
              key: 'confirm-logout',
              title: 'Confirm Logout',
              content: ConfirmLogoutModal,
              props: { queryClient, navigate: go },
              width: '24rem',
            });
          }}
          className="text-red-600 hover:border-red-300 hover:text-red-700"
        >
          <LogoutIcon size={17} /> Logout
        </Button>
        <p className="mt-4 text-center text-xs text-slate-400">Version {APP_VERSION}</p>
      </div>
    </div>
  );
}
