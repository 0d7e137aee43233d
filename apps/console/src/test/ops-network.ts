/**
 * The staff API, stubbed for component tests from the contract's schemas (MSW). Each route the
 * console calls is listed with the schemas that type it; a request with a body the contract
 * refuses, or a stubbed answer the API could not send (a fixture that drifted from the
 * contract), fails the test after it, naming the problem.
 *
 *   const net = stubOpsNetwork();
 *   beforeEach(() => net.on('me', () => ME));
 *   net.on('staffRoles', ({ headers }) => headers.get(STEP_UP_HEADER) ? {} : opsError(401, 'STEP_UP_REQUIRED', '…'));
 */
import {
  approvalInboxQuery,
  approvalOutcomeSchema,
  approvalPolicySchema,
  approvalRequestSchema,
  approveApprovalInput,
  auditChainVerdictSchema,
  auditPageSchema,
  auditSearchQuery,
  bankStatementDetailSchema,
  bankStatementSchema,
  confirmBankLineInput,
  confirmedBankLineSchema,
  importStatementInput,
  rejectDepositInput,
  staffDepositListQuery,
  staffDepositSchema,
  client360,
  clientDashboardView,
  clientFlagEvent,
  clientNote,
  clientNoteBody,
  withdrawalsBlockedBody,
  applicationSwitchBody,
  applicationSwitches,
  clientSearchQuery,
  clientSearchResult,
  kycApproveBody,
  kycDecisionResult,
  kycQueuePage,
  kycQueueQuery,
  kycRejectBody,
  kycRequestDocumentBody,
  kycReviewDetail,
  okResult,
  payWithdrawalInput,
  rejectApplicationInput,
  rejectApprovalInput,
  rejectWithdrawalInput,
  staffApplicationQuery,
  staffApplicationSchema,
  staffCreateInput,
  staffCreatedSchema,
  staffLoginInput,
  staffMeSchema,
  staffPasskeyCreateInput,
  staffPasskeyLoginInput,
  staffPasskeyLoginOptionsInput,
  staffPasskeySchema,
  staffStepUpOptionsInput,
  webauthnCreationOptionsSchema,
  webauthnRequestOptionsSchema,
  staffRolesInput,
  staffSessionSchema,
  staffUserSchema,
  staffWithdrawalQuery,
  staffWithdrawalSchema,
  feesChangePreviewSchema,
  feesOverviewSchema,
  feesProposalInput,
  limitsChangePreviewSchema,
  limitsProposalInput,
  moneyLimitsOverviewSchema,
  policyChangePreviewSchema,
  policyProposalInput,
} from '@imali/contract';
import { HttpResponse, http } from 'msw';
import {
  allotRequestInput,
  allotmentPreviewSchema,
  exchangeClosureInput,
  exchangeClosureSchema,
  exchangeClosureWithdrawInput,
  offeringCreateInput,
  offeringSettleInput,
  offeringSettlementPreviewSchema,
  staffOfferingSchema,
  exchangePairSchema,
  fundNavRequestInput,
  fundNavStrikePreviewSchema,
  ipoCreateInput,
  ipoFinalPriceInput,
  ipoFinalPricePreviewSchema,
  ipoListInput,
  rateInput,
  ratePublicationSchema,
  staffFundSchema,
  staffIpoSchema,
  staffStructuredProductSchema,
  structuredLifecyclePreviewSchema,
  structuredLifecycleRequestInput,
  structuredProductCreateInput,
} from '../features/products/products-api';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { z } from 'zod';

/** The policies feature's routes (policy.change and limits.change proposals). */
const POLICY_ROUTES = {
  policyPreview: {
    method: 'post',
    path: '/policies/preview',
    body: policyProposalInput,
    response: policyChangePreviewSchema,
  },
  policyRequest: {
    method: 'post',
    path: '/policies/request',
    body: policyProposalInput,
    response: approvalOutcomeSchema,
  },
  limits: { method: 'get', path: '/limits', response: moneyLimitsOverviewSchema },
  limitsPreview: {
    method: 'post',
    path: '/limits/preview',
    body: limitsProposalInput,
    response: limitsChangePreviewSchema,
  },
  limitsRequest: {
    method: 'post',
    path: '/limits/request',
    body: limitsProposalInput,
    response: approvalOutcomeSchema,
  },
  fees: { method: 'get', path: '/fees', response: feesOverviewSchema },
  feesPreview: {
    method: 'post',
    path: '/fees/preview',
    body: feesProposalInput,
    response: feesChangePreviewSchema,
  },
  feesRequest: {
    method: 'post',
    path: '/fees/request',
    body: feesProposalInput,
    response: approvalOutcomeSchema,
  },
} as const;

interface Route {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

// Products: block / fixed-term offerings and exchange closures (offerings-review.ts of the contract).
const OFFERINGS_AND_CLOSURES = {
  offerings: { method: 'get', path: '/offerings', response: z.array(staffOfferingSchema) },
  offeringCreate: {
    method: 'post',
    path: '/offerings',
    body: offeringCreateInput.strict(),
    response: staffOfferingSchema,
  },
  offeringOpen: { method: 'post', path: '/offerings/:id/open', response: staffOfferingSchema },
  offeringClose: { method: 'post', path: '/offerings/:id/close', response: staffOfferingSchema },
  offeringSettlementPreview: {
    method: 'get',
    path: '/offerings/:id/settlement/preview',
    response: offeringSettlementPreviewSchema,
  },
  offeringSettlementRequest: {
    method: 'post',
    path: '/offerings/:id/settlement/request',
    body: offeringSettleInput.strict(),
    response: approvalOutcomeSchema,
  },
  closures: {
    method: 'get',
    path: '/exchanges/:exchange/closures',
    query: z.object({ all: z.enum(['true', 'false']).optional() }).strict(),
    response: z.array(exchangeClosureSchema),
  },
  closureDeclare: {
    method: 'post',
    path: '/exchanges/:exchange/closures',
    body: exchangeClosureInput.strict(),
    response: exchangeClosureSchema,
  },
  closureWithdraw: {
    method: 'post',
    path: '/exchanges/:exchange/closures/:id/withdraw',
    body: exchangeClosureWithdrawInput.strict(),
    response: exchangeClosureSchema,
  },
} satisfies Record<string, Route>;

const ROUTES = {
  me: { method: 'get', path: '/auth/me', response: staffMeSchema },
  login: { method: 'post', path: '/auth/login', body: staffLoginInput, response: staffMeSchema },
  logout: { method: 'post', path: '/auth/logout', response: okResult },
  // Passkeys (decision 0066).
  passkeyLoginOptions: {
    method: 'post',
    path: '/auth/passkey/options',
    body: staffPasskeyLoginOptionsInput.strict(),
    response: webauthnRequestOptionsSchema,
  },
  passkeyLogin: {
    method: 'post',
    path: '/auth/passkey/login',
    body: staffPasskeyLoginInput.strict(),
    response: staffMeSchema,
  },
  passkeyStepUpOptions: {
    method: 'post',
    path: '/auth/passkey/step-up-options',
    body: staffStepUpOptionsInput.strict(),
    response: webauthnRequestOptionsSchema,
  },
  passkeys: { method: 'get', path: '/staff/passkeys', response: z.array(staffPasskeySchema) },
  passkeyCreationOptions: {
    method: 'post',
    path: '/staff/passkeys/options',
    response: webauthnCreationOptionsSchema,
  },
  passkeyAdd: {
    method: 'post',
    path: '/staff/passkeys',
    body: staffPasskeyCreateInput.strict(),
    response: staffPasskeySchema,
  },
  passkeyRemove: { method: 'delete', path: '/staff/passkeys/:id', response: okResult },
  staffList: { method: 'get', path: '/staff', response: z.array(staffUserSchema) },
  staffCreate: { method: 'post', path: '/staff', body: staffCreateInput, response: staffCreatedSchema },
  staffRoles: { method: 'put', path: '/staff/:id/roles', body: staffRolesInput, response: staffUserSchema },
  staffDisable: { method: 'post', path: '/staff/:id/disable', response: staffUserSchema },
  sessions: {
    method: 'get',
    path: '/staff/sessions',
    query: z.object({ scope: z.enum(['own', 'all']).optional() }).strict(),
    response: z.array(staffSessionSchema),
  },
  endSession: { method: 'delete', path: '/staff/sessions/:id', response: okResult },
  audit: { method: 'get', path: '/audit', query: auditSearchQuery, response: auditPageSchema },
  auditVerify: { method: 'get', path: '/audit/verify', response: auditChainVerdictSchema },
  deposits: {
    method: 'get',
    path: '/deposits',
    query: staffDepositListQuery.strict(),
    response: z.array(staffDepositSchema),
  },
  depositReject: {
    method: 'post',
    path: '/deposits/:id/reject',
    body: rejectDepositInput,
    response: staffDepositSchema,
  },
  statements: { method: 'get', path: '/reconciliation/statements', response: z.array(bankStatementSchema) },
  statementImport: {
    method: 'post',
    path: '/reconciliation/statements',
    body: importStatementInput,
    response: bankStatementDetailSchema,
  },
  statement: { method: 'get', path: '/reconciliation/statements/:id', response: bankStatementDetailSchema },
  lineConfirm: {
    method: 'post',
    path: '/reconciliation/lines/:lineId/confirm',
    body: confirmBankLineInput,
    response: confirmedBankLineSchema,
  },
  withdrawals: {
    method: 'get',
    path: '/withdrawals',
    query: staffWithdrawalQuery.strict(),
    response: z.array(staffWithdrawalSchema),
  },
  withdrawalPay: {
    method: 'post',
    path: '/withdrawals/:id/pay',
    body: payWithdrawalInput,
    response: approvalOutcomeSchema,
  },
  withdrawalReject: {
    method: 'post',
    path: '/withdrawals/:id/reject',
    body: rejectWithdrawalInput,
    response: z.object({ id: z.number().int(), status: z.string(), reason: z.string().nullable() }),
  },
  applications: {
    method: 'get',
    path: '/applications',
    query: staffApplicationQuery.strict(),
    response: z.array(staffApplicationSchema),
  },
  applicationApprove: { method: 'post', path: '/applications/:id/approve', response: approvalOutcomeSchema },
  applicationReject: {
    method: 'post',
    path: '/applications/:id/reject',
    body: rejectApplicationInput,
    response: z.object({ id: z.number().int(), status: z.string(), reason: z.string().nullable() }),
  },
  approvals: {
    method: 'get',
    path: '/approvals',
    query: approvalInboxQuery.strict(),
    response: z.array(approvalRequestSchema),
  },
  approvalPolicies: { method: 'get', path: '/approvals/policies', response: z.array(approvalPolicySchema) },
  approvalApprove: {
    method: 'post',
    path: '/approvals/:id/approve',
    body: approveApprovalInput,
    response: approvalRequestSchema,
  },
  approvalReject: {
    method: 'post',
    path: '/approvals/:id/reject',
    body: rejectApprovalInput,
    response: approvalRequestSchema,
  },
  approvalCancel: { method: 'post', path: '/approvals/:id/cancel', response: approvalRequestSchema },
  kycQueue: { method: 'get', path: '/kyc', query: kycQueueQuery.strict(), response: kycQueuePage },
  kycDetail: { method: 'get', path: '/kyc/:submissionId', response: kycReviewDetail },
  kycApprove: {
    method: 'post',
    path: '/kyc/:submissionId/approve',
    body: kycApproveBody.strict(),
    response: kycDecisionResult,
  },
  kycReject: {
    method: 'post',
    path: '/kyc/:submissionId/reject',
    body: kycRejectBody.strict(),
    response: kycDecisionResult,
  },
  kycRequestDocument: {
    method: 'post',
    path: '/kyc/:submissionId/request-document',
    body: kycRequestDocumentBody.strict(),
    response: kycDecisionResult,
  },
  clientSearch: {
    method: 'get',
    path: '/clients',
    query: clientSearchQuery.strict(),
    response: clientSearchResult,
  },
  client360: { method: 'get', path: '/clients/:id', response: client360 },
  clientNoteAdd: {
    method: 'post',
    path: '/clients/:id/notes',
    body: clientNoteBody.strict(),
    response: clientNote,
  },
  clientSessionEnd: { method: 'post', path: '/clients/:id/sessions/:sessionId/end', response: okResult },
  clientWithdrawalsBlocked: {
    method: 'put',
    path: '/clients/:id/flags/withdrawals-blocked',
    body: withdrawalsBlockedBody.strict(),
    response: clientFlagEvent,
  },
  clientApplicationSwitch: {
    method: 'put',
    path: '/clients/:id/flags/applications',
    body: applicationSwitchBody.strict(),
    response: applicationSwitches,
  },
  clientDashboard: { method: 'get', path: '/clients/:id/dashboard', response: clientDashboardView },
  // The IPO list and its answers are the contract's staffIpoSchema (loose: the rows of the module).
  ipos: { method: 'get', path: '/ipos', response: z.array(staffIpoSchema) },
  ipoAllotmentPreview: {
    method: 'get',
    path: '/ipos/:id/allotment/preview',
    response: allotmentPreviewSchema,
  },
  ipoAllotmentRequest: {
    method: 'post',
    path: '/ipos/:id/allotment/request',
    body: allotRequestInput.strict(),
    response: approvalOutcomeSchema,
  },
  ipoCreate: { method: 'post', path: '/ipos', body: ipoCreateInput.strict(), response: staffIpoSchema },
  ipoFinalPricePreview: {
    method: 'post',
    path: '/ipos/:id/final-price/preview',
    body: ipoFinalPriceInput.strict(),
    response: ipoFinalPricePreviewSchema,
  },
  ipoFinalPrice: {
    method: 'post',
    path: '/ipos/:id/final-price',
    body: ipoFinalPriceInput.strict(),
    response: staffIpoSchema,
  },
  ipoList: { method: 'post', path: '/ipos/:id/list', body: ipoListInput.strict(), response: staffIpoSchema },
  rates: { method: 'get', path: '/rates', response: z.array(exchangePairSchema) },
  ratePreview: {
    method: 'get',
    path: '/rates/preview',
    query: rateInput.strict(),
    response: ratePublicationSchema,
  },
  rateRequest: {
    method: 'post',
    path: '/rates/request',
    body: rateInput.strict(),
    response: approvalOutcomeSchema,
  },
  ...OFFERINGS_AND_CLOSURES,
  funds: { method: 'get', path: '/funds', response: z.array(staffFundSchema) },
  fundStrikePreview: {
    method: 'get',
    path: '/funds/:id/nav/preview',
    query: fundNavRequestInput.pick({ date: true }).strict(),
    response: fundNavStrikePreviewSchema,
  },
  fundStrikeRequest: {
    method: 'post',
    path: '/funds/:id/nav/request',
    body: fundNavRequestInput.strict(),
    response: approvalOutcomeSchema,
  },
  structured: {
    method: 'get',
    path: '/structured-products',
    response: z.array(staffStructuredProductSchema),
  },
  structuredCreate: {
    method: 'post',
    path: '/structured-products',
    body: structuredProductCreateInput.strict(),
    response: staffStructuredProductSchema,
  },
  structuredPreview: {
    method: 'get',
    path: '/structured-products/:id/:step/preview',
    response: structuredLifecyclePreviewSchema,
  },
  structuredRequest: {
    method: 'post',
    path: '/structured-products/:id/:step/request',
    body: structuredLifecycleRequestInput.strict(),
    response: approvalOutcomeSchema,
  },
  // Policies and limits as approved data (decision 0063).
  ...POLICY_ROUTES,
} satisfies Record<string, Route>;

export type OpsRoute = keyof typeof ROUTES;

/** An error answer of the API (its envelope with data null). */
export interface OpsError {
  error: { status: number; code: string; message: string };
}
export const opsError = (status: number, code: string, message: string): OpsError => ({
  error: { status, code, message },
});

export interface OpsCall {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  headers: Headers;
}

type Handler = (call: OpsCall) => unknown;

export function stubOpsNetwork() {
  const handlers = new Map<OpsRoute, Handler>();
  const calls = new Map<OpsRoute, OpsCall[]>();
  const problems: string[] = [];

  const server = setupServer(
    ...(Object.entries(ROUTES) as [OpsRoute, Route][]).map(([name, route]) =>
      http[route.method](`/ops/v1${route.path}`, async ({ request, params }) => {
        const url = new URL(request.url);
        const query = Object.fromEntries(url.searchParams);
        const text = await request.text();
        const body: unknown = text ? JSON.parse(text) : undefined;
        const call: OpsCall = {
          params: params as Record<string, string>,
          query,
          body,
          headers: request.headers,
        };
        calls.set(name, [...(calls.get(name) ?? []), call]);
        if (route.query && !route.query.safeParse(query).success)
          problems.push(`${name}: query ${url.search}`);
        if (route.body && !route.body.safeParse(body).success) problems.push(`${name}: body ${text}`);
        const handler = handlers.get(name);
        if (!handler) {
          problems.push(`${name}: no stub`);
          return HttpResponse.json({ code: 'NOT_STUBBED', message: name, data: null }, { status: 500 });
        }
        const answer = await handler(call);
        if (answer && typeof answer === 'object' && 'error' in answer) {
          const { status, code, message } = (answer as OpsError).error;
          return HttpResponse.json({ code, message, data: null }, { status });
        }
        if (!route.response.safeParse(answer).success) problems.push(`${name}: answer the API cannot send`);
        return HttpResponse.json({ code: 'OK', message: 'OK', data: answer });
      }),
    ),
  );

  beforeAll(() => server.listen());
  afterEach(() => {
    handlers.clear();
    calls.clear();
    const found = problems.splice(0);
    expect(found, 'contract problems').toEqual([]);
  });
  afterAll(() => server.close());

  return {
    on(name: OpsRoute, handler: Handler) {
      handlers.set(name, handler);
    },
    calls: (name: OpsRoute) => calls.get(name) ?? [],
  };
}
