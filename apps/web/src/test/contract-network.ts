/**
 * The product API's network, stubbed for component tests from the contract's schemas (MSW).
 *
 * A component under test talks to this through the app's real HTTP client (`lib/api-client.ts`)
 * and `fetch`, as in the browser. Each route the web calls is listed in `ROUTES` with its method,
 * path and the zod schemas the API declares for it (its `*.routes.ts`: querystring, body,
 * response). A request that matches no route (a wrong URL or method), a query or body the
 * contract refuses, a money-moving POST without its Idempotency-Key, or a stubbed answer that is
 * not what the API could send (a fixture that drifted from the contract) is a contract problem:
 * the request is answered with an error, as the API would, and the test fails after it
 * (`afterEach`), naming the problem.
 *
 *   const net = stubContractNetwork();
 *   beforeEach(() => net.on('ipo', () => IPO));
 *   …
 *   expect(net.calls('ipoApply')[0]).toMatchObject({ params: { id: '12' }, body: { lots: 5 } });
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import {
  IDEMPOTENCY_HEADER,
  cashAccount,
  foBuyBody,
  fundDetail,
  fundNavHistory,
  fundNavQuery,
  fundPreview,
  fundPreviewQuery,
  fundSubscribeBody,
  ipoOffering,
  ipoPreviewQuery,
  ipoSubscribeBody,
  offering,
  orderPreview,
  orderResult,
  otcAllocateBody,
  previewQuery,
  priceQuery,
  quantActionBody,
  quantRecordBody,
  quotation,
  sellBody,
  stockBuyBody,
} from '@imali/contract';

interface ContractRoute {
  method: 'GET' | 'POST';
  /** As the browser asks for it (`/api` + the API's path), `:id` for a path parameter. */
  path: string;
  query?: z.ZodType;
  /** Absent: the API declares no body (it reads none). */
  body?: z.ZodType;
  response: z.ZodType;
  /** Moves money: the API refuses it without an Idempotency-Key. */
  idempotent?: true;
}

/** The routes the product drawers call, with the schemas the API declares for each. */
export const ROUTES = {
  accounts: { method: 'GET', path: '/api/account/app/v1', response: z.array(cashAccount) },
  quotation: { method: 'GET', path: '/api/market/app/v1/price', query: priceQuery, response: quotation },
  orderPreview: {
    method: 'GET',
    path: '/api/client/app/v1/order/preview',
    query: previewQuery,
    response: orderPreview,
  },
  stockBuy: {
    method: 'POST',
    path: '/api/client/app/v1/order/buy',
    body: stockBuyBody,
    response: orderResult,
    idempotent: true,
  },
  sell: {
    method: 'POST',
    path: '/api/client/app/v1/order/sell/:id',
    body: sellBody,
    response: orderResult,
    idempotent: true,
  },
  foOffering: { method: 'GET', path: '/api/fo/app/v1/:id', response: offering },
  otcOffering: { method: 'GET', path: '/api/otc/app/v1/:id', response: offering },
  foBuy: {
    method: 'POST',
    path: '/api/fo/app/v1/buy',
    body: foBuyBody,
    response: orderResult,
    idempotent: true,
  },
  otcAllocate: {
    method: 'POST',
    path: '/api/otc/app/v1/record/allocate/:id',
    body: otcAllocateBody,
    response: orderResult,
    idempotent: true,
  },
  ipo: { method: 'GET', path: '/api/ipo/app/v1/:id', response: ipoOffering },
  ipoPreview: {
    method: 'GET',
    path: '/api/ipo/app/v1/preview/:id',
    query: ipoPreviewQuery,
    response: orderPreview,
  },
  ipoApply: {
    method: 'POST',
    path: '/api/ipo/app/v1/record/sub/:id',
    body: ipoSubscribeBody,
    response: orderResult,
    idempotent: true,
  },
  ipoCancel: {
    method: 'POST',
    path: '/api/ipo/app/v1/record/cancel/:id',
    response: orderResult,
    idempotent: true,
  },
  ipoReconfirm: {
    method: 'POST',
    path: '/api/ipo/app/v1/record/reconfirm/:id',
    response: orderResult,
    idempotent: true,
  },
  fund: { method: 'GET', path: '/api/funds/app/v1/:id', response: fundDetail },
  fundNavs: {
    method: 'GET',
    path: '/api/funds/app/v1/:id/nav',
    query: fundNavQuery,
    response: fundNavHistory,
  },
  fundPreview: {
    method: 'GET',
    path: '/api/funds/app/v1/:id/preview',
    query: fundPreviewQuery,
    response: fundPreview,
  },
  fundSubscribe: {
    method: 'POST',
    path: '/api/funds/app/v1/record/:id',
    body: fundSubscribeBody,
    response: orderResult,
    idempotent: true,
  },
  fundRedeem: {
    method: 'POST',
    path: '/api/funds/app/v1/redeem/:id',
    response: orderResult,
    idempotent: true,
  },
  quant: { method: 'GET', path: '/api/qt/app/v1/:id', response: offering },
  quantSubscribe: {
    method: 'POST',
    path: '/api/qt/app/v1/record/:id',
    body: quantRecordBody,
    response: orderResult,
    idempotent: true,
  },
  quantExit: {
    method: 'POST',
    path: '/api/qt/app/v1/exit/:id',
    body: quantActionBody,
    response: orderResult,
    idempotent: true,
  },
  quantCancel: {
    method: 'POST',
    path: '/api/qt/app/v1/cancel/:id',
    body: quantActionBody,
    response: orderResult,
    idempotent: true,
  },
} as const satisfies Record<string, ContractRoute>;

export type RouteName = keyof typeof ROUTES;

/** What a route received: path parameters, query, JSON body and the Idempotency-Key. */
export interface Received {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  key: string | null;
}

/** An error answer (the API's error envelope). */
export class Refusal {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
  ) {}
}
export const refuse = (status: number, code: string, message: string) => new Refusal(status, code, message);

/** No answer at all (the connection failed). */
export const NETWORK_FAILURE = Symbol('network failure');

/** The data a route answers with, as the API would send it (checked against the response schema). */
type Answer<N extends RouteName> = z.input<(typeof ROUTES)[N]['response']>;
type Outcome<N extends RouteName> = Answer<N> | Refusal | typeof NETWORK_FAILURE;
type Reply<N extends RouteName> = (received: Received) => Outcome<N> | Promise<Outcome<N>>;

const issues = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');

/**
 * Starts the stubbed network for this test file (MSW's node server). `on(route, reply)` answers a
 * route for the current test (handlers are reset after each); `calls(route)` lists what it
 * received, in order.
 */
export function stubContractNetwork() {
  const problems: string[] = [];
  const received = new Map<RouteName, Received[]>();
  const server = setupServer(
    // Last: anything no contract route took is a wrong URL or method.
    http.all('*', ({ request }) => {
      const url = new URL(request.url);
      problems.push(`${request.method} ${url.pathname}${url.search}: no such route in the contract`);
      return HttpResponse.json({ code: 'NOT_FOUND', message: 'Not found.', data: null }, { status: 404 });
    }),
  );

  beforeAll(() => server.listen());
  afterEach(() => {
    server.resetHandlers();
    received.clear();
    const found = problems.splice(0);
    expect(found, 'requests and answers the contract refuses').toEqual([]);
  });
  afterAll(() => server.close());

  function on<N extends RouteName>(name: N, reply: Reply<N>): void {
    const route: ContractRoute = ROUTES[name];
    const method = route.method === 'GET' ? http.get : http.post;
    server.use(
      method(route.path, async ({ request, params }) => {
        const where = `${route.method} ${route.path}`;
        const url = new URL(request.url);
        const query = Object.fromEntries(url.searchParams);
        const text = route.method === 'POST' ? await request.text() : '';
        let body: unknown = undefined;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          problems.push(`${where}: the body is not JSON`);
        }
        const refused: string[] = [];
        if (route.query) {
          const parsed = route.query.safeParse(query);
          if (!parsed.success)
            refused.push(`query ${JSON.stringify(query)} refused (${issues(parsed.error)})`);
        }
        if (route.body) {
          const parsed = route.body.safeParse(body);
          if (!parsed.success) refused.push(`body ${JSON.stringify(body)} refused (${issues(parsed.error)})`);
        }
        const key = request.headers.get(IDEMPOTENCY_HEADER);
        if (route.idempotent && !key) refused.push('no Idempotency-Key');
        if (refused.length > 0) {
          problems.push(...refused.map((r) => `${where}: ${r}`));
          return HttpResponse.json(
            { code: 'VALIDATION_ERROR', message: refused.join('; '), data: null },
            { status: 400 },
          );
        }
        const call: Received = { params: params as Record<string, string>, query, body, key };
        received.set(name, [...(received.get(name) ?? []), call]);
        const answer = await reply(call);
        if (answer === NETWORK_FAILURE) return HttpResponse.error();
        if (answer instanceof Refusal) {
          return HttpResponse.json(
            { code: answer.code, message: answer.message, data: null },
            { status: answer.status },
          );
        }
        const checked = route.response.safeParse(answer);
        if (!checked.success) {
          problems.push(`${where}: the stubbed answer is not what the API sends (${issues(checked.error)})`);
        }
        const message =
          typeof (answer as { message?: unknown }).message === 'string'
            ? (answer as { message: string }).message
            : 'OK';
        return HttpResponse.json({ code: 'OK', message, data: answer as never });
      }),
    );
  }

  return {
    on,
    calls: (name: RouteName): Received[] => received.get(name) ?? [],
  };
}
