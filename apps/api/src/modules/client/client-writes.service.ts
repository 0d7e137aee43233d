/**
 * The writes of `clients` columns that other modules keep (decision 0047): sign-up and password
 * (auth), KYC status (kyc), the panel flags (applications), the standing copy (standing), the cost-basis method (cost-basis). Client
 * owns the table, so the SQL is in its repository; this file imports nothing but that repository,
 * so auth (which client.service.ts imports) and the others can call it without an import cycle.
 * Each function takes the caller's handle: it runs in the caller's transaction, under its locks.
 */
export {
  insertClient,
  moveKycStatus,
  resetPinFailures,
  setCostBasisMethod,
  setApplicationFlags,
  setPassword,
  storeStanding,
  type ApplicationFlags,
  type KycState,
} from './client.repository';
