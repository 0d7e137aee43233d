import {
  allotmentPreviewSchema,
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  idParam,
  ipoCreateInput,
  ipoFinalPriceInput,
  ipoFinalPricePreviewSchema,
  ipoListInput,
  staffIpoSchema,
  type StaffIpo,
} from '@imali/contract';
import { formatDecimal, normalizeDecimal, parseDecimal } from '@imali/money';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import type { AppContext } from '../../lib/context';
import { jsonSafe } from '../../lib/json-safe';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { requestApproval } from '../approvals/approvals.service';
import { conflict } from '../ledger/ledger.service';
import { quoteUnitOf } from '../market/market.service';
import { offeringNotFound } from '../offerings/offerings.service';
import { staffActor } from '../staff/staff.service';
import { allotmentPlanView } from './allotment-plan';
import { ipoAllotPayloadOf } from './ipo.approval';
import {
  createIpo,
  findIpo,
  listIpo,
  listIpos,
  previewFinalPrice,
  previewIpoAllotment,
  setFinalPrice,
} from './ipo.service';

const tags = ['ops: products'];
const E = ErrorCode;
const seedQuery = z.object({ seed: z.string().trim().min(1).max(100).optional() });
/** The request repeats the preview's seed and hash: what is asked for is what the maker saw. */
const allotRequestBody = seedQuery.extend({
  allotmentsHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

type IpoRow = Awaited<ReturnType<typeof listIpos>>[number];

/** Exact numeric text as shown: '1800.000000' → '1800'. */
const plain = (text: string) => formatDecimal(normalizeDecimal(parseDecimal(text)));
const plainOrNull = (text: string | null) => (text === null ? null : plain(text));

/** One IPO as the console shows it: the rows as they are, prices plain, with their quote unit. */
function toStaffIpo(row: Pick<IpoRow, 'offering' | 'instrument' | 'terms'>): StaffIpo {
  // jsonSafe (bigints and dates as strings) types its result unknown; the response schema checks it.
  const view = jsonSafe(row) as StaffIpo;
  const t = row.terms;
  return {
    ...view,
    quoteUnit: quoteUnitOf(row.instrument),
    terms: {
      ...view.terms,
      priceLow: plain(t.priceLow),
      priceHigh: plain(t.priceHigh),
      finalPrice: plainOrNull(t.finalPrice),
      listingPrice: plainOrNull(t.listingPrice),
    },
  };
}

async function staffIpoById(ctx: AppContext, id: number): Promise<StaffIpo> {
  const row = await findIpo(ctx, id);
  if (!row) throw offeringNotFound();
  return toStaffIpo(row);
}

/**
 * IPOs on the console (issue 23), under /ops/v1 on the ops app: the list; create, the final price
 * (its preview first: who would have to reconfirm) and the listing, the services the `ipo create |
 * price | list` commands call, audited as the staff user and done at once (none moves money: the
 * CLI asks for no approval either); the allotment preview by the offering's rule (nothing
 * written) and the allotment's approval request (ipo.allot): the checker approves it in the
 * approvals inbox, with a step-up code.
 */
export async function ipoStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/ipos',
    {
      config: { auth: 'staff', permission: 'products.read' },
      schema: {
        tags,
        summary: 'IPOs with their state and terms',
        response: { 200: envelope(z.array(staffIpoSchema)) },
      },
    },
    async () => ok((await listIpos(ctx)).map(toStaffIpo)),
  );

  app.post(
    '/v1/ipos',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary:
          'Create an IPO (open in its window) on a new instrument pending listing, as `ipo create`; prices in the quote unit (ZA: cents)',
        body: ipoCreateInput,
        response: { 201: envelope(staffIpoSchema) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const created = await createIpo(
        ctx,
        {
          symbol: b.symbol,
          instrumentName: b.instrumentName,
          issuer: b.issuer,
          name: b.name,
          country: b.country,
          sector: b.sector,
          priceLow: b.priceLow,
          priceHigh: b.priceHigh,
          lotSize: b.lotSize,
          minLots: b.minLots ?? 1,
          maxLots: b.maxLots,
          sharesOffered: b.sharesOffered,
          opensAt: new Date(b.opensAt),
          closesAt: new Date(b.closesAt),
          allotsOn: b.allotsOn,
          listsOn: b.listsOn,
          rule: b.rule ?? 'pro_rata',
          hot: b.hot,
        },
        staffActor(staffOf(request)),
      );
      reply.status(201);
      return ok(toStaffIpo(created), `IPO ${created.offering.id} created (open): ${created.offering.name}.`);
    },
  );

  app.post(
    '/v1/ipos/:id/final-price/preview',
    {
      config: {
        auth: 'staff',
        permission: 'products.read',
        openapi: { errors: { 400: [E.InvalidInput], 404: [E.NotFound], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary:
          'The final price as it would be set: against the range, and the awaiting applications (and clients) that would have to reconfirm; nothing written',
        params: idParam,
        body: ipoFinalPriceInput,
        response: { 200: envelope(ipoFinalPricePreviewSchema) },
      },
    },
    async (request) => ok(await previewFinalPrice(ctx, Number(request.params.id), request.body.price)),
  );

  app.post(
    '/v1/ipos/:id/final-price',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: {
          errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 404: [E.NotFound], 409: [E.Conflict] },
        },
      },
      schema: {
        tags,
        summary:
          'Set the final price (once, before allotment), as `ipo price`: above the range or >20 % below it, applications must be reconfirmed',
        params: idParam,
        body: ipoFinalPriceInput,
        response: { 200: envelope(staffIpoSchema) },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const { terms, reconfirm } = await setFinalPrice(
        ctx,
        id,
        request.body.price,
        staffActor(staffOf(request)),
      );
      const ipo = await staffIpoById(ctx, id);
      return ok(
        ipo,
        `IPO ${id}: final price ${plain(terms.finalPrice!)} ${ipo.quoteUnit}.` +
          (reconfirm ? ' Applications must be reconfirmed in the app, or they lapse at allotment.' : ''),
      );
    },
  );

  app.post(
    '/v1/ipos/:id/list',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: {
          errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 404: [E.NotFound], 409: [E.Conflict] },
        },
      },
      schema: {
        tags,
        summary:
          'List an allotted IPO, as `ipo list`: it trades from today at the listing price (default: the final price); allotted orders become holding',
        params: idParam,
        body: ipoListInput,
        response: { 200: envelope(staffIpoSchema) },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const listed = await listIpo(ctx, id, staffActor(staffOf(request)), { price: request.body.price });
      return ok(
        await staffIpoById(ctx, id),
        `${listed.symbol} listed on the ${listed.market} on ${listed.listedOn} at ${listed.price}; ${listed.orders} orders now holding.`,
      );
    },
  );

  app.get(
    '/v1/ipos/:id/allotment/preview',
    {
      config: { auth: 'staff', permission: 'products.read', openapi: { errors: { 409: [E.Conflict] } } },
      schema: {
        tags,
        summary:
          'The allotment by the rule (who gets how many lots, debits, refunds, totals); nothing written',
        params: idParam,
        querystring: seedQuery,
        response: { 200: envelope(allotmentPreviewSchema) },
      },
    },
    async (request) =>
      ok(allotmentPlanView(await previewIpoAllotment(ctx, Number(request.params.id), request.query))),
  );

  app.post(
    '/v1/ipos/:id/allotment/request',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask for the allotment previewed (its seed given back): an approval request (202)',
        params: idParam,
        body: allotRequestBody,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const plan = await previewIpoAllotment(ctx, Number(request.params.id), { seed: request.body.seed });
      if (request.body.allotmentsHash !== undefined && request.body.allotmentsHash !== plan.hash) {
        throw conflict('The allotment changed since your preview; preview it again.');
      }
      const outcome = await requestApproval(ctx, staffOf(request), 'ipo.allot', ipoAllotPayloadOf(plan));
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'Allotted.');
    },
  );
}
