/**
 * The figures of a fund's terms that the client's pages, the valuation and the operator's key facts
 * share (out of funds.service.ts, issue 21 point 4): rand and NAV text, an amount entered, the costs
 * on an amount and the total investment charge. Pure but for the ledger's amount parser.
 */
import { ErrorCode, type FundCosts } from '@imali/contract';
import {
  formatDecimal,
  formatMinor,
  FUND_FEE_SCHEDULE as FUND_NAV_FEE_SCHEDULE,
  normalizeDecimal,
  parseDecimal,
  rescale,
  tryParseDecimal,
} from '@imali/money';
import { DomainError } from '../../plugins/errors';
import { amountToMinor } from '../ledger/ledger.service';
import type * as repo from './funds.repository';

export const bad = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);
/** The fee schedule a fund order records: no upfront fee (costs are in the NAV; platform fee on exit). */
// The constant lives in @imali/money, whose feeScheduleTitle gives the client its readable name.
export const FUND_FEE_SCHEDULE = FUND_NAV_FEE_SCHEDULE;

/** Exact numeric text without needless zeros: '0.8500' → '0.85'. */
export const plain = (text: string) => formatDecimal(normalizeDecimal(parseDecimal(text)));
/** Cents with 2 decimals: '12345.6' → '12345.60'. */
export const cents2 = (text: string) =>
  formatDecimal(rescale(normalizeDecimal(parseDecimal(text)), 2, 'DOWN'));
export const rand = (minor: bigint) => formatMinor(minor, 'ZAR');

/** percent (decimal text, per year) of an amount in cents, half-up to the cent. */
function percentOfMinor(amountMinor: bigint, percent: string): bigint {
  const p = rescale(normalizeDecimal(parseDecimal(percent)), 4, 'DOWN').coefficient;
  return (2n * amountMinor * p + 1_000_000n) / 2_000_000n;
}

export function costsOn(terms: repo.FundTermsRow, amountMinor: bigint): FundCosts {
  const ter = percentOfMinor(amountMinor, terms.terPercent);
  const tc = percentOfMinor(amountMinor, terms.transactionCostsPercent);
  const platform = percentOfMinor(amountMinor, terms.platformFeePercent);
  return {
    amount: rand(amountMinor),
    ter: rand(ter),
    transaction_costs: rand(tc),
    tic: rand(ter + tc),
    platform_fee: rand(platform),
    total: rand(ter + tc + platform),
  };
}

export const ticOf = (terms: repo.FundTermsRow) =>
  formatDecimal(
    normalizeDecimal({
      coefficient:
        rescale(parseDecimal(terms.terPercent), 4, 'DOWN').coefficient +
        rescale(parseDecimal(terms.transactionCostsPercent), 4, 'DOWN').coefficient,
      scale: 4,
    }),
  );

export function amountOf(text: string): bigint {
  const d = tryParseDecimal(text);
  if (!d || d.coefficient <= 0n) throw bad('Enter an amount greater than 0');
  return amountToMinor(text, 'ZAR');
}
