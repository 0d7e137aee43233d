import { ErrorCode } from '@imali/contract';
import type { ErrorAnswers } from './error-responses';

const E = ErrorCode;
const notFound = { 404: [E.NotFound] } as const;
/** A money-moving action refused by the ledger or the product's rules. */
const spend = { 404: [E.NotFound], 409: [E.InsufficientFunds, E.LimitExceeded, E.Conflict] } as const;
const stateChange = { 404: [E.NotFound], 409: [E.Conflict] } as const;

/**
 * The domain answers of each operation (by operationId), beyond those its config implies
 * (error-responses.ts): what its service throws. Found by reading the services and confirmed by
 * the contract test, which fails on any answer not listed. Every key must name an operation
 * (openapi-document.test.ts checks), so a renamed route cannot leave a stale entry behind.
 */
export const DOMAIN_ERRORS: Record<string, ErrorAnswers> = {
  // Identity
  postApiAuthAppV1Login: { 401: [E.InvalidCredentials], 429: [E.LoginLocked] },
  postApiAuthAppV2Refresh: { 401: [E.Unauthenticated, E.SessionExpired] },
  postApiAuthAppV1Register: { 400: [E.InvalidInvitationCode, E.InvalidCode], 409: [E.MobileTaken] },
  postApiAuthAppV1ResetPwd: { 400: [E.InvalidCode] },
  postApiAuthAppV1ChangePwd: { 400: [E.IncorrectPassword] },
  postApiClientAppV1PwdVerify: { 400: [E.IncorrectPassword], 429: [E.LoginLocked] },
  postApiClientAppV1Pin: { 403: [E.Forbidden] },
  postApiClientAppV1PinVerify: { 400: [E.IncorrectPin, E.PinNotSet], 423: [E.PinLocked] },
  postApiIdentifyAppV1: { 409: [E.KycAlreadySubmitted] },
  getApiIdentifyAppV1Detail: notFound,
  // Money
  postApiCaccountAppV1Transfer: {
    404: [E.NotFound],
    409: [E.InsufficientFunds, E.RateChanged, E.LimitExceeded],
  },
  postApiCaccountAppV1Exchange: {
    404: [E.NotFound],
    409: [E.InsufficientFunds, E.RateChanged, E.LimitExceeded],
  },
  postApiBankcardAppV1: { 404: [E.NotFound], 409: [E.Conflict, E.LimitExceeded] },
  putApiBankcardAppV1ById: { 409: [E.Conflict] },
  deleteApiBankcardAppV1ById: { 409: [E.Conflict] },
  postApiDepositAppV1: notFound,
  postApiDepositAppV1ById: { 409: [E.Conflict] },
  // WITHDRAWALS_BLOCKED: staff blocked the client's withdrawals (decision 0065).
  postApiWithdrawAppV1: {
    403: [E.PinRequired],
    404: [E.NotFound],
    409: [E.InsufficientFunds, E.LimitExceeded, E.Conflict, E.WithdrawalsBlocked],
  },
  // Trading
  getApiMarketAppV1Price: notFound,
  getApiClientAppV1OrderPreview: notFound,
  getApiClientAppV1Order: notFound,
  postApiClientAppV1OrderBuy: spend,
  postApiClientAppV1OrderSellById: stateChange,
  postApiFoAppV1Buy: spend,
  postApiOtcAppV1RecordAllocateById: spend,
  postApiIpoAppV1RecordSubById: spend,
  postApiIpoAppV1RecordCancelById: stateChange,
  postApiIpoAppV1RecordReconfirmById: spend,
  postApiFundsAppV1RecordById: spend,
  postApiFundsAppV1RedeemById: stateChange,
  postApiQtAppV1RecordById: spend,
  postApiQtAppV1CancelById: stateChange,
  postApiQtAppV1ExitById: stateChange,
  getApiClientAppV1ApplicationTrialOffer: { 403: [E.Forbidden] },
  postApiClientAppV1Application: { 403: [E.Forbidden], 404: [E.NotFound], 409: [E.Conflict] },
  postApiClientAppV1ApplicationLoanPreview: { 403: [E.Forbidden], 409: [E.Conflict, E.LimitExceeded] },
  // Portfolio (an account or a position that is not the client's)
  getApiStatAppV1Portfolio: notFound,
  getApiStatAppV1InvestStat: notFound,
  getApiStatAppV1MonthReturn: notFound,
  getApiStatAppV1StockPortfolio: notFound,
  getApiStatAppV1Asset: notFound,
  getApiStatAppV1WeekProfit: notFound,
  getApiStatAppV1ValueSeries: notFound,
  getApiStatAppV1FundPortfolio: notFound,
  getApiStatAppV1StruPortfolio: notFound,
  // Market data: an unknown symbol
  getMarketDataChartData: notFound,
  getMarketDataSparkline: notFound,
  getMarketDataStockDetail: notFound,
  getMarketDataCompany: notFound,
  postApiMarketAppV1Watchlist: { 404: [E.NotFound], 409: [E.LimitExceeded] },
  deleteApiMarketAppV1Watchlist: notFound,
  // Operators
  postOpsV1Run: notFound,
};
