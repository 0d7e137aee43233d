/**
 * The product API's network, stubbed for component tests from the contract's schemas (MSW).
 *
 * A component under test talks to this through the app's real HTTP client (`lib/api-client.ts`)
 * and `fetch`, as in the browser. Each route the drawers call is in `ROUTES`, taken from the
 * contract's route map (`apiRoutes`: method, path, idempotent) and the schemas the API declares for
 * it (`apiSchemas`: querystring, body, response; decision 0053). A request that matches no route (a wrong URL or method), a query or body the
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
import type { z } from 'zod';
import { IDEMPOTENCY_HEADER, apiRoutes, apiSchemas, type ApiSchemas } from '@imali/contract';

interface ContractRoute {
  method: 'GET' | 'POST';
  /** As the browser asks for it (`/api` + the API's path), `:id` for a path parameter (MSW's form). */
  path: string;
  query?: z.ZodType;
  /** Absent: the API declares no body (it reads none). */
  body?: z.ZodType;
  response: z.ZodType;
  /** Moves money: the API refuses it without an Idempotency-Key. */
  idempotent?: true;
}

/**
 * The routes the product drawers call: the contract's route map and the schemas the API declares
 * for each (decision 0053), the same the web's typed client calls them by.
 */
const NAMES = [
  'accounts',
  'quotation',
  'orderPreview',
  'stockBuy',
  'sell',
  'foOffering',
  'otcOffering',
  'foBuy',
  'otcAllocate',
  'ipo',
  'ipoPreview',
  'ipoApply',
  'ipoCancel',
  'ipoReconfirm',
  'fund',
  'fundNavs',
  'fundPreview',
  'fundSubscribe',
  'fundRedeem',
  'quant',
  'quantSubscribe',
  'quantExit',
  'quantCancel',
] as const;

type StubbedRoute = (typeof NAMES)[number];

function contractRoute(name: StubbedRoute): ContractRoute {
  const route: { method: string; path: string; idempotent?: true } = apiRoutes[name];
  const schemas: { query?: z.ZodType; body?: z.ZodType; response: z.ZodType } = apiSchemas[name];
  return {
    method: route.method as ContractRoute['method'],
    path: route.path.replace(/\{(\w+)\}/g, ':$1'),
    ...schemas,
    ...(route.idempotent ? { idempotent: true as const } : {}),
  };
}

export const ROUTES = Object.fromEntries(NAMES.map((name) => [name, contractRoute(name)])) as Record<
  StubbedRoute,
  ContractRoute
>;

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
type Answer<N extends RouteName> = z.input<ApiSchemas[N]['response']>;
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
