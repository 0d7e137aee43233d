import {
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  fundNavRequestInput,
  fundNavStrikePreviewSchema,
  idParam,
  staffFundSchema,
  type FundNavStrikePreview,
  type StaffFund,
} from '@imali/contract';
import { parseAmount } from '@imali/money';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { requestApproval } from '../approvals/approvals.service';
import { conflict } from '../ledger/ledger.service';
import { rand } from './fund-figures';
import { fundNavStrikePayloadOf } from './funds.approval';
import { listFundsForOps } from './funds.service';
import { dayToIso, minuteText } from './nav';

const tags = ['ops: products'];
const E = ErrorCode;
const dateQuery = fundNavRequestInput.pick({ date: true });
// A refund or a platform fee may be 0.00.
const minorOf = (text: string) => parseAmount(text, 'ZAR', { allowZero: true });

/** A fund as the console lists it (the contract's staffFundSchema). */
function fundView(f: Awaited<ReturnType<typeof listFundsForOps>>[number]): StaffFund {
  return {
    id: f.offering.id,
    code: f.terms.code,
    name: f.offering.name,
    status: f.offering.status,
    currency: f.offering.currency,
    category: f.terms.category,
    benchmark: { symbol: f.benchmark.symbol, name: f.benchmark.name },
    cutoffTime: minuteText(f.terms.cutoffMinute),
    valuationTime: minuteText(f.terms.valuationMinute),
    latestNav: { date: dayToIso(f.latest.day), nav: f.latest.nav },
    pendingSubscriptions: f.pendingSubscriptions,
    pendingRedemptions: f.pendingRedemptions,
  };
}

/** The preview as the console shows it: each subscription's amount and each redemption's net added. */
function previewView(
  date: string | undefined,
  p: Awaited<ReturnType<typeof fundNavStrikePayloadOf>>['preview'],
): FundNavStrikePreview {
  return {
    offeringId: p.offeringId,
    code: p.code,
    date: date ?? null,
    day: p.day,
    // A fund is in rand (fund-operator createFund).
    currency: 'ZAR',
    navs: p.navs,
    subscriptions: p.subscriptions.map((s) => ({
      ...s,
      amount: rand(minorOf(s.tradeValue) + minorOf(s.refund)),
    })),
    redemptions: p.redemptions.map((r) => ({
      ...r,
      net: rand(minorOf(r.gross) - minorOf(r.platformFee)),
    })),
    rejected: p.rejected,
    valuationHash: p.hash,
  };
}

/**
 * Funds on the console (issue 23), under /ops/v1: the list, the NAV strike preview (the NAVs, the
 * subscriptions it would value and the redemptions it would pay; nothing written) and its approval
 * request (fund.nav_strike), approved in the approvals inbox.
 */
export async function fundsStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/funds',
    {
      config: { auth: 'staff', permission: 'products.read' },
      schema: {
        tags,
        summary: 'Funds with their terms and latest NAV',
        response: { 200: envelope(z.array(staffFundSchema)) },
      },
    },
    async () => ok((await listFundsForOps(ctx)).map(fundView)),
  );

  app.get(
    '/v1/funds/:id/nav/preview',
    {
      config: { auth: 'staff', permission: 'products.read', openapi: { errors: { 409: [E.Conflict] } } },
      schema: {
        tags,
        summary: 'The NAV strike: NAVs, orders it would fill, units and amounts; nothing written',
        params: idParam,
        querystring: dateQuery,
        response: { 200: envelope(fundNavStrikePreviewSchema) },
      },
    },
    async (request) => {
      const { date } = request.query;
      const { preview } = await fundNavStrikePayloadOf(ctx, Number(request.params.id), date);
      return ok(previewView(date, preview));
    },
  );

  app.post(
    '/v1/funds/:id/nav/request',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask for the NAV strike previewed: an approval request (202)',
        params: idParam,
        body: fundNavRequestInput,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const { payload } = await fundNavStrikePayloadOf(ctx, Number(request.params.id), request.body.date);
      if (request.body.valuationHash !== undefined && request.body.valuationHash !== payload.valuationHash) {
        throw conflict(
          'The valuation changed since your preview (orders or NAVs moved); preview it again and check the new figures.',
        );
      }
      const outcome = await requestApproval(ctx, staffOf(request), 'fund.nav_strike', payload);
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'Valued.');
    },
  );
}
