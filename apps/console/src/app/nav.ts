import type { StaffPermission } from '@imali/contract';

export interface NavItem {
  path: string;
  label: string;
  /** Shown to a staff user with any of these. */
  anyOf: readonly StaffPermission[];
  /** What the screen is for (the start page and the placeholders say it). */
  purpose: string;
}

/**
 * The console's areas, in the order of the navigation. An item a role cannot use is hidden (the
 * server refuses its routes anyway: this only spares the user a screen of refusals).
 */
export const NAV: readonly NavItem[] = [
  {
    path: '/kyc',
    label: 'KYC review',
    anyOf: ['kyc.read'],
    purpose: 'The queue of identity documents to review, duplicate flags, approve or reject with a reason.',
  },
  {
    path: '/deposits',
    label: 'Deposits',
    anyOf: ['deposits.read'],
    purpose: 'Deposits reported by clients, bank statement reconciliation and confirming matched deposits.',
  },
  {
    path: '/payouts',
    label: 'Withdrawals & payouts',
    anyOf: ['payouts.read'],
    purpose: 'Withdrawal requests, payout batches awaiting approval and marking payouts paid.',
  },
  {
    path: '/approvals',
    label: 'Approvals',
    anyOf: [
      'payouts.approve',
      'products.approve',
      'treasury.approve',
      'staff.manage',
      'payouts.request',
      'products.request',
      'treasury.request',
      'ledger.adjust.request',
    ],
    purpose: 'Four-eyes requests: what you asked for and what waits for a second staff user to approve.',
  },
  {
    path: '/products',
    label: 'Products',
    anyOf: ['products.read'],
    purpose: 'Funds, offerings, IPOs and their limits, fees and rates; changes go through approval.',
  },
  {
    path: '/applications',
    label: 'Applications',
    anyOf: ['applications.read'],
    purpose: 'Client applications (accounts, products) waiting for a decision.',
  },
  {
    path: '/clients',
    label: 'Clients',
    anyOf: ['clients.read'],
    purpose: 'Find a client: profile, accounts, notes, sessions and flags.',
  },
  {
    path: '/staff',
    label: 'Staff & policies',
    anyOf: ['staff.read', 'policies.read'],
    purpose: 'Staff users and their roles, sessions, and the policies (limits, fees, rates) in force.',
  },
  {
    path: '/audit',
    label: 'Audit',
    anyOf: ['audit.read'],
    purpose: "Search the audit log by staff, client, action and date, and verify the log's hash chain.",
  },
];

export function navFor(permissions: readonly StaffPermission[]) {
  return NAV.filter((item) => item.anyOf.some((p) => permissions.includes(p)));
}
