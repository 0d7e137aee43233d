import type { Account } from '@imali/contract';
import { bottomDrawer } from '@/components/ui/bottom-drawer';
import { Button } from '@/components/ui/button';
import { TransferIcon, WalletIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useAccounts } from '@/lib/accounts';
import { openFundTransfer } from './fund-transfer-modal';
import { Notice } from '@/components/ui/notice';
import { Amount, CurrencyCoin, VisibilityToggle, currencyName } from './parts';

function DepositIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-[17px] shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <path d="M12 4v12M6 10l6 6 6-6M5 20h14" />
    </svg>
  );
}

function AccountTile({ account }: { account: Account }) {
  const hasHeld = /[1-9]/.test(account.held);
  return (
    <li
      data-testid={`account-${account.currency}`}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex items-center gap-2.5 sm:gap-3">
        <CurrencyCoin currency={account.currency} size={30} />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900">{account.currency}</p>
          <p className="hidden truncate text-xs text-slate-500 sm:block">{currencyName(account.currency)}</p>
        </div>
      </div>
      <p className="mt-3 text-[11px] font-medium tracking-wide text-slate-500 uppercase sm:mt-4 sm:text-xs">
        Available
      </p>
      <Amount
        value={account.available}
        currency={account.currency}
        className="block truncate text-base font-bold tracking-tight text-slate-900 sm:text-xl"
      />
      <div className="mt-2.5 space-y-0.5 border-t border-slate-100 pt-2.5 text-xs sm:mt-3 sm:flex sm:justify-between sm:gap-2 sm:space-y-0 sm:pt-3">
        <p className="truncate text-slate-500">
          Held{' '}
          <Amount
            value={account.held}
            currency={account.currency}
            className={cn('font-semibold', hasHeld ? 'text-amber-600' : 'text-slate-700')}
          />
        </p>
        <p className="hidden truncate text-slate-500 sm:block">
          Balance{' '}
          <Amount
            value={account.balance}
            currency={account.currency}
            className="font-semibold text-slate-700"
          />
        </p>
      </div>
    </li>
  );
}

/**
 * The client's currency accounts (available and held, in each account's currency, truncated) with
 * the assets-visibility toggle and the money actions. Fills the dashboard and /me/records slots.
 */
export function WalletOverview({ title = 'Cash accounts' }: { title?: string }) {
  const { data: accounts, isLoading, isError, refetch } = useAccounts();
  return (
    <section aria-label={title} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <VisibilityToggle className="text-slate-400 hover:bg-slate-100 hover:text-slate-700" />
        </div>
        <div className="grid w-full grid-cols-3 gap-2 sm:flex sm:w-auto">
          <Button size="sm" onClick={() => bottomDrawer.open('deposit')}>
            <DepositIcon /> Deposit
          </Button>
          <Button size="sm" variant="gold" onClick={() => bottomDrawer.open('withdraw')}>
            <WalletIcon size={17} className="shrink-0" /> Withdraw
          </Button>
          <Button size="sm" variant="outline" onClick={() => openFundTransfer()}>
            <TransferIcon size={17} className="shrink-0" /> Transfer
          </Button>
        </div>
      </div>
      {isLoading ? (
        <ul className="grid grid-cols-2 gap-2.5 sm:gap-3 xl:grid-cols-4" role="status" aria-label="Loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-36 rounded-2xl" />
          ))}
        </ul>
      ) : isError || !accounts ? (
        <Notice tone="error">
          Your accounts could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
            Try again
          </button>
        </Notice>
      ) : (
        <ul className="grid grid-cols-2 gap-2.5 sm:gap-3 xl:grid-cols-4">
          {accounts.map((account) => (
            <AccountTile key={account.id} account={account} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Dashboard slot: the wallet summary. */
export default function DashboardWallet() {
  return <WalletOverview />;
}
