/**
 * The schemas of each operation in api-routes.ts (decision 0053): its query, its JSON body and
 * the `data` of its answer, the same zod schemas the API's routes declare (apps/api
 * `*.routes.ts`). The web's typed client infers what it sends and receives from them, and in
 * development and tests checks each answer against `response`. Kept apart from api-routes.ts:
 * this file brings zod, which the sign-in page must not load (decision 0039).
 */
import { z } from 'zod';
import type { ApiRoutes, PathParamNames, RouteName } from './api-routes';
import { application, applicationBody, loanPreviewBody, loanQuote, trialOffer } from './applications';
import { okResult } from './common';
import { costBasisBody, costBasisSetting } from './cost-basis';
import {
  fundDetail,
  fundNavHistory,
  fundNavQuery,
  fundPreview,
  fundPreviewQuery,
  fundSubscribeBody,
} from './funds';
import {
  authData,
  changePasswordBody,
  clientProfile,
  codeRequestBody,
  identifyBody,
  kycDetail,
  loginBody,
  menuEntry,
  passwordBody,
  pinBody,
  refreshData,
  registerBody,
  resetPasswordBody,
  sessionStatus,
  uploadResult,
} from './identity';
import { ipoOffering, ipoPreviewQuery, ipoReconfirmBody, ipoSubscribeBody } from './ipo';
import {
  bankCard,
  bankCardBody,
  cashAccount,
  deposit,
  depositBody,
  depositCreated,
  exchangePair,
  moneyLimits,
  statementQuery,
  transferBody,
  transferResult,
  withdrawal,
  withdrawalBody,
} from './ledger';
import {
  indicesQuery,
  marketConfig,
  newsDetail,
  newsListQuery,
  newsSummary,
  priceQuery,
  quote,
  ranking,
  rankingQuery,
  stockRef,
  watchlist,
} from './market';
import {
  assetSummary,
  portfolioSummary,
  productPortfolio,
  statQuery,
  valueSeries,
  valueSeriesQuery,
  weekProfit,
} from './portfolio';
import { quantActionBody, quantRecordBody } from './quant';
import { clientStanding } from './standing';
import {
  foBuyBody,
  offering,
  order,
  orderListQuery,
  orderPreview,
  orderResult,
  otcAllocateBody,
  previewQuery,
  quotation,
  receiptQuery,
  sellBody,
  stockBuyBody,
  tradingListQuery,
} from './trading';

export interface RouteSchemas {
  query?: z.ZodType;
  /** Absent: the API reads no JSON body (a multipart route's form is `FormData`). */
  body?: z.ZodType;
  /** The envelope's `data`; absent for a download (the answer is bytes). */
  response?: z.ZodType;
}

const health = z.object({ status: z.literal('ok'), database: z.string() });

export const apiSchemas = {
  login: { body: loginBody, response: authData },
  logout: { response: okResult },
  register: { body: registerBody, response: okResult },
  refresh: { response: refreshData },
  session: { response: sessionStatus },
  changePassword: { body: changePasswordBody, response: okResult },
  requestCode: { body: codeRequestBody, response: okResult },
  resetPassword: { body: resetPasswordBody, response: okResult },
  profile: { response: clientProfile },
  verifyPassword: { body: passwordBody, response: okResult },
  setPin: { body: pinBody, response: okResult },
  verifyPin: { body: pinBody, response: okResult },
  submitKyc: { body: identifyBody, response: okResult },
  kycDetail: { response: kycDetail },
  standing: { response: clientStanding },
  uploadImage: { response: uploadResult },
  uploadAvatar: { response: uploadResult },
  menu: { response: z.array(menuEntry) },
  health: { response: health },

  accounts: { response: z.array(cashAccount) },
  statement: { query: statementQuery },
  limits: { response: z.array(moneyLimits) },
  pairs: { response: z.array(exchangePair) },
  transfer: { body: transferBody, response: transferResult },
  transfers: { response: z.array(transferResult) },
  createDeposit: { body: depositBody, response: depositCreated },
  depositProof: { response: deposit },
  deposits: { response: z.array(depositCreated) },
  withdraw: { body: withdrawalBody, response: withdrawal },
  withdrawals: { response: z.array(withdrawal) },
  bankCards: { response: z.array(bankCard) },
  createBankCard: { body: bankCardBody, response: bankCard },
  updateBankCard: { body: bankCardBody, response: bankCard },
  deleteBankCard: { response: okResult },
  costBasis: { response: costBasisSetting },
  chooseCostBasis: { body: costBasisBody, response: costBasisSetting },

  applications: { response: z.array(application) },
  submitApplication: { body: applicationBody, response: application },
  trialOffer: { response: trialOffer },
  loanPreview: { body: loanPreviewBody, response: loanQuote },

  tradingList: { query: tradingListQuery, response: z.array(offering) },
  quotation: { query: priceQuery, response: quotation },
  orderPreview: { query: previewQuery, response: orderPreview },
  stockBuy: { body: stockBuyBody, response: orderResult },
  sell: { body: sellBody, response: orderResult },
  foOffering: { response: offering },
  otcOffering: { response: offering },
  foBuy: { body: foBuyBody, response: orderResult },
  otcAllocate: { body: otcAllocateBody, response: orderResult },
  holdingOrders: { query: orderListQuery, response: z.array(order) },
  awaitingOrders: { query: orderListQuery, response: z.array(order) },
  historyOrders: { query: orderListQuery, response: z.array(order) },
  receipt: { query: receiptQuery, response: order },

  ipo: { response: ipoOffering },
  ipoPreview: { query: ipoPreviewQuery, response: orderPreview },
  ipoApply: { body: ipoSubscribeBody, response: orderResult },
  ipoCancel: { response: orderResult },
  ipoReconfirm: { body: ipoReconfirmBody, response: orderResult },
  fund: { response: fundDetail },
  fundNavs: { query: fundNavQuery, response: fundNavHistory },
  fundPreview: { query: fundPreviewQuery, response: fundPreview },
  fundSubscribe: { body: fundSubscribeBody, response: orderResult },
  fundRedeem: { response: orderResult },
  quant: { response: offering },
  quantSubscribe: { body: quantRecordBody, response: orderResult },
  quantExit: { body: quantActionBody, response: orderResult },
  quantCancel: { body: quantActionBody, response: orderResult },

  portfolioSummary: { query: statQuery, response: portfolioSummary },
  assetSummary: { query: statQuery, response: assetSummary },
  weekProfit: { query: statQuery, response: weekProfit },
  valueSeries: { query: valueSeriesQuery, response: valueSeries },
  stockPortfolio: { query: statQuery, response: productPortfolio },
  fundPortfolio: { query: statQuery, response: productPortfolio },
  quantPortfolio: { query: statQuery, response: productPortfolio },

  marketConfig: { response: marketConfig },
  indices: { query: indicesQuery, response: z.array(quote) },
  ranking: { query: rankingQuery, response: ranking },
  watchlist: { response: watchlist },
  watch: { body: stockRef, response: watchlist },
  unwatch: { query: stockRef, response: watchlist },
  news: { query: newsListQuery, response: z.object({ items: z.array(newsSummary) }) },
  newsDetail: { response: newsDetail },
} as const satisfies { [N in RouteName]: RouteSchemas };

export type ApiSchemas = typeof apiSchemas;

// ---------- What a call sends and receives, inferred from the route and its schemas ----------

/** A query value is sent as text: where the schema takes any text, a number may be given. */
type QueryValues<T> = { [K in keyof T]: string extends T[K] ? T[K] | number : T[K] };

type ParamsInput<N extends RouteName> = [PathParamNames<ApiRoutes[N]['path']>] extends [never]
  ? { params?: never }
  : { params: Record<PathParamNames<ApiRoutes[N]['path']>, string | number> };

type QueryInput<N extends RouteName> = ApiSchemas[N] extends { query: infer Q extends z.ZodType }
  ? object extends z.input<Q>
    ? { query?: QueryValues<z.input<Q>> }
    : { query: QueryValues<z.input<Q>> }
  : { query?: never };

/** A multipart body: the browser's `FormData` (the contract is typed without the DOM). */
export interface MultipartForm {
  append(name: string, value: unknown, fileName?: string): void;
}

type BodyInput<N extends RouteName> = ApiRoutes[N] extends { multipart: true }
  ? { body: MultipartForm }
  : ApiSchemas[N] extends { body: infer B extends z.ZodType }
    ? { body: z.input<B> }
    : { body?: never };

type KeyInput<N extends RouteName> = ApiRoutes[N] extends { idempotent: true }
  ? { idempotencyKey: string }
  : { idempotencyKey?: never };

/** What a call of route N takes: path parameters, query, body and Idempotency-Key. */
export type ApiInput<N extends RouteName> = ParamsInput<N> & QueryInput<N> & BodyInput<N> & KeyInput<N>;

/** What a call of route N answers: the envelope's `data` (never for a download: it is bytes). */
export type ApiOutput<N extends RouteName> = ApiSchemas[N] extends { response: infer R extends z.ZodType }
  ? z.output<R>
  : never;
