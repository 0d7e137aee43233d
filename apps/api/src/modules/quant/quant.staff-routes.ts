import {
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  idParam,
  staffStructuredProductSchema,
  structuredLifecyclePreviewSchema,
  structuredLifecycleRequestInput,
  structuredProductCreateInput,
  structuredStep,
  type StaffStructuredProduct,
  type StructuredLifecyclePreview,
} from '@imali/contract';
import { formatDecimal, formatMinor, normalizeDecimal, parseDecimal, type Currency } from '@imali/money';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { staffActorOf } from '../approvals/approval-action';
import { requestApproval } from '../approvals/approvals.service';
import { conflict } from '../ledger/ledger.service';
import { quantLifecyclePayloadOf } from './quant.approval';
import { createProduct, listProducts, previewLifecycle, type ProductWithOffering } from './quant.service';

const tags = ['ops: products'];
const E = ErrorCode;
const stepParams = idParam.extend({ step: structuredStep });
/** Numeric columns come back at their scale ('90.0000'): shown as typed ('90'). */
const plain = (text: string) => formatDecimal(normalizeDecimal(parseDecimal(text)));
const plainOrNull = (text: string | null) => (text === null ? null : plain(text));

/** A structured product as the console lists it (the contract's staffStructuredProductSchema). */
function productView({
  product: p,
  offering: o,
  instrument: i,
}: ProductWithOffering): StaffStructuredProduct {
  const currency = o.currency as Currency;
  return {
    id: o.id,
    name: o.name,
    status: o.status,
    state: p.state,
    currency,
    underlying: { symbol: i.symbol, name: i.name, country: i.country },
    opensAt: o.opensAt.toISOString(),
    startAt: p.startAt.toISOString(),
    maturityAt: p.maturityAt.toISOString(),
    protectionPct: plain(p.protectionPct),
    participationPct: plain(p.participationPct),
    capPct: plainOrNull(p.capPct),
    minAmount: formatMinor(p.minAmountMinor, currency),
    maxAmount: formatMinor(p.maxAmountMinor, currency),
    entryFeePct: plain(p.entryFeePct),
    earlyExit: p.earlyExit,
    earlyExitCostPct: plain(p.earlyExitCostPct),
    startLevel: plainOrNull(p.startLevel),
    finalLevel: plainOrNull(p.finalLevel),
    riskScore: p.kid.risk_score,
  };
}

function previewView(preview: Awaited<ReturnType<typeof previewLifecycle>>): StructuredLifecyclePreview {
  const currency = preview.currency;
  return {
    offeringId: preview.offeringId,
    step: preview.step,
    level: plain(preview.level),
    underlyingReturn: preview.underlyingReturn,
    currency,
    lines: preview.lines.map((l) => ({
      orderId: l.orderId,
      reference: l.reference,
      amount: formatMinor(l.amountMinor, currency),
    })),
    total: formatMinor(preview.totalMinor, currency),
    lifecycleHash: preview.hash,
  };
}

/**
 * Structured products on the console (issue 23), under /ops/v1: the list, creation (the `quant
 * create` command's terms and checks; no money moves, so no approval), the start / maturity
 * preview (the level, each order's capture or payoff; nothing written) and its approval request
 * (quant.start / quant.mature), approved in the approvals inbox.
 */
export async function quantStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/structured-products',
    {
      config: { auth: 'staff', permission: 'products.read' },
      schema: {
        tags,
        summary: 'Structured products with their state',
        response: { 200: envelope(z.array(staffStructuredProductSchema)) },
      },
    },
    async () => ok((await listProducts(ctx)).map(productView)),
  );

  app.post(
    '/v1/structured-products',
    {
      config: { auth: 'staff', permission: 'products.request', openapi: { errors: { 403: [E.Forbidden] } } },
      schema: {
        tags,
        summary: 'Create a structured product (what `quant create` does): its KID computed from the terms',
        body: structuredProductCreateInput,
        response: { 200: envelope(staffStructuredProductSchema) },
      },
    },
    async (request) => {
      const b = request.body;
      const now = ctx.clock.now();
      const { offering, product, instrument } = await createProduct(
        ctx,
        {
          name: b.name,
          symbol: b.symbol,
          country: b.country ?? 'ZA',
          opensAt: b.opensAt === undefined ? now : new Date(b.opensAt),
          startAt: new Date(b.startAt),
          maturityAt: new Date(b.maturityAt),
          protectionPct: b.protectionPct,
          participationPct: b.participationPct,
          capPct: b.capPct ?? null,
          minAmount: b.minAmount,
          maxAmount: b.maxAmount,
          entryFeePct: b.entryFeePct,
          earlyExit: b.earlyExit ?? 'none',
          earlyExitCostPct: b.earlyExitCostPct,
          creditQualityStep: b.creditQualityStep,
          open: b.open ?? false,
          hot: b.hot ?? false,
        },
        staffActorOf(staffOf(request)),
      );
      return ok(
        productView({ offering, product, instrument }),
        `Structured product ${offering.id} created (${offering.status}).`,
      );
    },
  );

  app.get(
    '/v1/structured-products/:id/:step/preview',
    {
      config: { auth: 'staff', permission: 'products.read', openapi: { errors: { 409: [E.Conflict] } } },
      schema: {
        tags,
        summary: 'The start or maturity: the level fixed, each order captured or paid; nothing written',
        params: stepParams,
        response: { 200: envelope(structuredLifecyclePreviewSchema) },
      },
    },
    async (request) =>
      ok(previewView(await previewLifecycle(ctx, Number(request.params.id), request.params.step))),
  );

  app.post(
    '/v1/structured-products/:id/:step/request',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask for the start or maturity previewed: an approval request (202)',
        params: stepParams,
        body: structuredLifecycleRequestInput,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const { step } = request.params;
      const preview = await previewLifecycle(ctx, Number(request.params.id), step);
      if (request.body.lifecycleHash !== undefined && request.body.lifecycleHash !== preview.hash) {
        throw conflict(
          `The ${step} changed since your preview (orders or the level moved); preview it again and check the new figures.`,
        );
      }
      const outcome = await requestApproval(
        ctx,
        staffOf(request),
        `quant.${step}`,
        quantLifecyclePayloadOf(preview),
      );
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'Done.');
    },
  );
}
