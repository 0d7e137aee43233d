/**
 * The product API's operations the web calls, by name: method, path and how each is called
 * (decision 0053). Each is written as the OpenAPI document lists it (`METHOD /path`, `{param}`
 * placeholders) and typed against `DocumentedOperation`, the document's own list
 * (generated/documented-paths.ts): an operation the document lacks fails the type check.
 * The schemas of each (query, body, response) are in api-schemas.ts, keyed by the same names.
 *
 * No zod here: the sign-in page reaches this file, and must load without zod (decision 0039).
 */
import type { DocumentedOperation } from './generated/documented-paths';

export type { DocumentedOperation } from './generated/documented-paths';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** How an operation is called, beside its `METHOD /path`. */
export interface RouteFlags {
  /** false: public (no bearer header, no 401 refresh): sign-in, registration, password reset. */
  auth?: false;
  /** false: send the bearer but a 401 is a plain failure (logout must not refresh). */
  refreshOn401?: false;
  /** Moves money: sent with an `Idempotency-Key` header, which the API requires. */
  idempotent?: true;
  /** The body is a multipart form (`FormData`, field `file`). */
  multipart?: true;
  /** The answer is a file (bytes), not the JSON envelope. */
  download?: true;
}

export interface RouteSpec extends RouteFlags {
  op: DocumentedOperation;
}

type MethodOf<O extends string> = O extends `${infer M extends HttpMethod} ${string}` ? M : never;
type PathOf<O extends string> = O extends `${string} ${infer P}` ? P : never;

/** One operation of the map: its name, `METHOD /path` and flags. */
export type ApiRoute<N extends string = string, S extends RouteSpec = RouteSpec> = S & {
  name: N;
  method: MethodOf<S['op']>;
  path: PathOf<S['op']>;
};

/** The path's `{param}` names. */
export type PathParamNames<P extends string> = P extends `${string}{${infer K}}${infer Rest}`
  ? K | PathParamNames<Rest>
  : never;

/**
 * Names each spec and splits its operation into method and path. `const` keeps each `op` literal,
 * so one the document lacks is reported on its own line.
 */
export function defineRoutes<const T extends Record<string, RouteSpec>>(
  specs: T,
): { [K in keyof T & string]: ApiRoute<K, T[K]> } {
  const routes: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const space = spec.op.indexOf(' ');
    routes[name] = { ...spec, name, method: spec.op.slice(0, space), path: spec.op.slice(space + 1) };
  }
  return routes as { [K in keyof T & string]: ApiRoute<K, T[K]> };
}

/** Fills a path's `{param}` placeholders (URI-encoded). */
export function pathWith(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

export const apiRoutes = defineRoutes({
  // ---------- Session and identity ----------
  login: { op: 'POST /api/auth/app/v1/login', auth: false },
  logout: { op: 'POST /api/auth/app/v1/logout', refreshOn401: false },
  register: { op: 'POST /api/auth/app/v1/register', auth: false },
  refresh: { op: 'POST /api/auth/app/v2/refresh' },
  session: { op: 'GET /api/auth/app/v1/session' },
  changePassword: { op: 'POST /api/auth/app/v1/change_pwd' },
  requestCode: { op: 'POST /api/client/app/v1/code', auth: false },
  resetPassword: { op: 'POST /api/auth/app/v1/reset_pwd', auth: false },
  profile: { op: 'GET /api/auth/app/v1/client_info' },
  verifyPassword: { op: 'POST /api/client/app/v1/pwd_verify' },
  setPin: { op: 'POST /api/client/app/v1/pin' },
  verifyPin: { op: 'POST /api/client/app/v1/pin/verify' },
  submitKyc: { op: 'POST /api/identify/app/v1' },
  kycDetail: { op: 'GET /api/identify/app/v1/detail' },
  standing: { op: 'GET /api/client/app/v1/standing' },
  uploadImage: { op: 'POST /api/client/app/v1/image', multipart: true },
  uploadAvatar: { op: 'POST /api/client/app/v1/avatar', multipart: true },
  menu: { op: 'GET /api/client/app/v1/menu' },
  health: { op: 'GET /api/health', auth: false },

  // ---------- Money ----------
  accounts: { op: 'GET /api/account/app/v1' },
  statement: { op: 'GET /api/account/app/v1/{id}/statement.csv', download: true },
  limits: { op: 'GET /api/caccount/app/v1/limits' },
  pairs: { op: 'GET /api/caccount/app/v1/pairs' },
  transfer: { op: 'POST /api/caccount/app/v1/transfer', idempotent: true },
  transfers: { op: 'GET /api/caccount/app/v1/transfer/list' },
  createDeposit: { op: 'POST /api/deposit/app/v1', idempotent: true },
  depositProof: { op: 'POST /api/deposit/app/v1/{id}', multipart: true },
  deposits: { op: 'GET /api/deposit/app/v1/list' },
  withdraw: { op: 'POST /api/withdraw/app/v1', idempotent: true },
  withdrawals: { op: 'GET /api/withdraw/app/v1/list' },
  bankCards: { op: 'GET /api/bankcard/app/v1/list' },
  createBankCard: { op: 'POST /api/bankcard/app/v1' },
  updateBankCard: { op: 'PUT /api/bankcard/app/v1/{id}' },
  deleteBankCard: { op: 'DELETE /api/bankcard/app/v1/{id}' },
  costBasis: { op: 'GET /api/client/app/v1/cost_basis' },
  chooseCostBasis: { op: 'PUT /api/client/app/v1/cost_basis' },

  // ---------- Applications ----------
  applications: { op: 'GET /api/client/app/v1/application' },
  submitApplication: { op: 'POST /api/client/app/v1/application', idempotent: true },
  trialOffer: { op: 'GET /api/client/app/v1/application/trial_offer' },
  loanPreview: { op: 'POST /api/client/app/v1/application/loan_preview' },

  // ---------- Trading ----------
  tradingList: { op: 'GET /api/stat/app/v1/trading_list' },
  quotation: { op: 'GET /api/market/app/v1/price' },
  orderPreview: { op: 'GET /api/client/app/v1/order/preview' },
  stockBuy: { op: 'POST /api/client/app/v1/order/buy', idempotent: true },
  sell: { op: 'POST /api/client/app/v1/order/sell/{id}', idempotent: true },
  foOffering: { op: 'GET /api/fo/app/v1/{id}' },
  otcOffering: { op: 'GET /api/otc/app/v1/{id}' },
  foBuy: { op: 'POST /api/fo/app/v1/buy', idempotent: true },
  otcAllocate: { op: 'POST /api/otc/app/v1/record/allocate/{id}', idempotent: true },
  holdingOrders: { op: 'GET /api/client/app/v1/order/holding' },
  awaitingOrders: { op: 'GET /api/client/app/v1/order/awaiting' },
  historyOrders: { op: 'GET /api/client/app/v1/order/history' },
  receipt: { op: 'GET /api/client/app/v1/order' },

  // ---------- IPOs, funds, structured products ----------
  ipo: { op: 'GET /api/ipo/app/v1/{id}' },
  ipoPreview: { op: 'GET /api/ipo/app/v1/preview/{id}' },
  ipoApply: { op: 'POST /api/ipo/app/v1/record/sub/{id}', idempotent: true },
  ipoCancel: { op: 'POST /api/ipo/app/v1/record/cancel/{id}', idempotent: true },
  ipoReconfirm: { op: 'POST /api/ipo/app/v1/record/reconfirm/{id}', idempotent: true },
  fund: { op: 'GET /api/funds/app/v1/{id}' },
  fundNavs: { op: 'GET /api/funds/app/v1/{id}/nav' },
  fundPreview: { op: 'GET /api/funds/app/v1/{id}/preview' },
  fundSubscribe: { op: 'POST /api/funds/app/v1/record/{id}', idempotent: true },
  fundRedeem: { op: 'POST /api/funds/app/v1/redeem/{id}', idempotent: true },
  quant: { op: 'GET /api/qt/app/v1/{id}' },
  quantSubscribe: { op: 'POST /api/qt/app/v1/record/{id}', idempotent: true },
  quantExit: { op: 'POST /api/qt/app/v1/exit/{id}', idempotent: true },
  quantCancel: { op: 'POST /api/qt/app/v1/cancel/{id}', idempotent: true },

  // ---------- Portfolio figures ----------
  portfolioSummary: { op: 'GET /api/stat/app/v1/portfolio' },
  assetSummary: { op: 'GET /api/stat/app/v1/asset' },
  weekProfit: { op: 'GET /api/stat/app/v1/week_profit' },
  valueSeries: { op: 'GET /api/stat/app/v1/value_series' },
  stockPortfolio: { op: 'GET /api/stat/app/v1/stock_portfolio' },
  fundPortfolio: { op: 'GET /api/stat/app/v1/fund_portfolio' },
  quantPortfolio: { op: 'GET /api/stat/app/v1/stru_portfolio' },

  // ---------- Market (client bearer token) ----------
  marketConfig: { op: 'GET /api/client/app/v1/market-config' },
  indices: { op: 'GET /api/market/app/v1/indices' },
  ranking: { op: 'GET /api/market/app/v1/ranking' },
  watchlist: { op: 'GET /api/market/app/v1/watchlist' },
  watch: { op: 'POST /api/market/app/v1/watchlist' },
  unwatch: { op: 'DELETE /api/market/app/v1/watchlist' },
  news: { op: 'GET /api/market/app/v1/news' },
  newsDetail: { op: 'GET /api/market/app/v1/news/{id}' },
});

export type ApiRoutes = typeof apiRoutes;
export type RouteName = keyof ApiRoutes;
