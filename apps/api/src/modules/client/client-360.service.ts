import type { Client360, ClientDashboardView, ClientNote } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import * as kycReview from '../kyc/kyc-review.service';
import * as ledger from '../ledger/ledger.service';
import * as orders from '../orders/orders.service';
import * as portfolio from '../portfolio/portfolio.service';
import * as sessions from '../session/session.service';
import { cashAccountsOf } from '../withdrawals/withdrawals.service';
import { flagEventsOf } from './client-flags.service';
import * as clients from './client.service';

/**
 * The client 360 of the operator console (decision 0061): read-only, each part through the service
 * of the module that owns it. Ending a session and notes are the two actions, each audited.
 */

const RECENT_HISTORY = 20;

const noteView = (n: Awaited<ReturnType<typeof clients.listNotes>>[number]): ClientNote => ({
  id: n.id,
  clientId: n.clientId,
  staffId: n.staffId,
  body: n.body,
  createdAt: n.createdAt.toISOString(),
});

export async function client360(ctx: AppContext, clientId: number): Promise<Client360> {
  const c = await clients.findClient(ctx, clientId);
  const accounts = await ledger.clientAccountsRead(ctx, clientId);
  const accountIds = accounts.map((a) => a.id);
  const [submissions, lines, holding, awaiting, history, positions, live, trail, notes, flagHistory] = [
    await kycReview.submissionsOfClient(ctx, clientId),
    await ledger.recentLinesOf(ctx, accountIds, 20),
    await orders.listOrders(ctx, clientId, 'holding'),
    await orders.listOrders(ctx, clientId, 'awaiting'),
    await orders.listOrders(ctx, clientId, 'history'),
    await portfolio.positionsOfAccounts(ctx, accountIds),
    await sessions.liveSessionsOf(ctx, clientId),
    await audit.historyOf(ctx, 'client', String(clientId), 50),
    await clients.listNotes(ctx, clientId, 50),
    await flagEventsOf(ctx, clientId, 50),
  ];
  return {
    profile: {
      id: c.id,
      displayName: clients.displayNameOf(c),
      name: c.name,
      mobile: c.mobile,
      email: c.email,
      country: c.country,
      vip: c.vip,
      score: c.score,
      hasPin: c.pinHash !== null,
      pinLocked: clients.isPinLocked(ctx, c),
      inviteCode: c.inviteCode,
      registeredAt: c.createdAt.toISOString(),
    },
    kyc: { status: c.kycStatus, reason: c.kycReason, submissions },
    accounts: accounts.map(ledger.toAccountView),
    recentLedgerLines: lines,
    orders: { holding, awaiting, recentHistory: history.slice(0, RECENT_HISTORY) },
    positions: positions.map((p) => ({
      accountId: p.accountId,
      product: p.product,
      instrumentId: p.instrumentId,
      offeringKey: p.offeringKey,
      quantity: p.quantity,
      costMinor: p.costMinor,
    })),
    sessions: live.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      absoluteExpiresAt: s.absoluteExpiresAt.toISOString(),
      remember: s.remember,
      ip: s.ip,
      userAgent: s.userAgent,
    })),
    flags: {
      allowBonus: c.allowBonus,
      allowCompensation: c.allowCompensation,
      allowLoan: c.allowLoan,
      withdrawalsBlocked: c.withdrawalsBlocked,
      history: flagHistory,
    },
    auditTrail: trail.map((e) => ({
      at: e.createdAt.toISOString(),
      actor: e.actor,
      action: e.action,
      before: e.before,
      after: e.after,
    })),
    notes: notes.map(noteView),
  };
}

/** A staff member ends one of the client's sessions: the client is signed out there; audited. */
export async function endClientSession(
  ctx: AppContext,
  clientId: number,
  sessionId: string,
  by: { actor: string; staffId?: number },
) {
  await clients.findClient(ctx, clientId);
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const ended = await sessions.endClientSession(txCtx, clientId, sessionId, 'staff');
    if (!ended) throw notFound('No live session with this id for this client.');
    await audit.record(txCtx, {
      actor: by.actor,
      ...(by.staffId === undefined ? {} : { staffId: by.staffId }),
      action: 'client.session_end',
      subjectType: 'client',
      subjectId: String(clientId),
      before: { sessionId, ended: false },
      after: { sessionId, ended: true, endReason: 'staff' },
    });
  });
}

export async function addNote(
  ctx: AppContext,
  input: { clientId: number; staffId: number; body: string; actor: string },
) {
  return noteView(await clients.addNote(ctx, input));
}

export async function notesOf(ctx: AppContext, clientId: number) {
  await clients.findClient(ctx, clientId);
  return (await clients.listNotes(ctx, clientId, 100)).map(noteView);
}

/**
 * "View as client" (decision 0065): the client's Dashboard figures, each from the service the
 * client's own route calls (portfolio total, assets, week profit, cash accounts, orders), so staff
 * see what the client sees and nothing is copied. Read-only; each view is appended to the audit
 * chain (who looked at whose dashboard) before anything is returned.
 */
export async function clientDashboard(
  ctx: AppContext,
  clientId: number,
  by: { actor: string; staffId: number },
): Promise<ClientDashboardView> {
  const c = await clients.findClient(ctx, clientId);
  const [portfolioFigures, assets, week, accounts, holding, awaiting] = await Promise.all([
    portfolio.portfolioSummary(ctx, clientId, undefined),
    portfolio.assetSummary(ctx, clientId, undefined),
    portfolio.weekProfit(ctx, clientId, undefined),
    cashAccountsOf(ctx, clientId),
    orders.listOrders(ctx, clientId, 'holding'),
    orders.listOrders(ctx, clientId, 'awaiting'),
  ]);
  const viewedAt = ctx.clock.now();
  await audit.record(ctx, {
    actor: by.actor,
    staffId: by.staffId,
    action: 'client.view_as',
    subjectType: 'client',
    subjectId: String(clientId),
    before: null,
    after: { view: 'dashboard' },
  });
  return {
    client: { id: c.id, displayName: clients.displayNameOf(c), country: c.country },
    portfolio: portfolioFigures,
    assets,
    weekProfit: week,
    accounts,
    orders: { holding, awaiting },
    viewedAt: viewedAt.toISOString(),
  };
}
