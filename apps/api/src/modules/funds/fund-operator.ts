/**
 * A fund's operator actions (out of funds.service.ts, issue 21 point 4): creating a fund (offering
 * dtype 'fund' + terms, its key facts generated from the terms, its NAV history struck) and the
 * funds as ops lists them. The ops commands (cli/commands/funds.ts) call them through
 * funds.service, which re-exports them.
 */
import type { StoredKeyFact } from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import * as audit from '../audit/audit.service';
import { conflict, inTransaction } from '../ledger/ledger.service';
import { instrumentByRef } from '../market/market.service';
import { insertOffering } from '../offerings/offerings.service';
import { amountOf, bad, costsOn, plain, rand, ticOf } from './fund-figures';
import * as repo from './funds.repository';
import { dayToIso, isBusinessDay, isoToDay, lastValuationDay, minuteText } from './nav';
import { latestNavAt, strikeUntil } from './struck-navs';

const DAY_MS = 86_400_000;

/** The key-facts sheet, generated from the terms (never typed in), shown before the client subscribes. */
export function buildFundKeyFacts(input: {
  name: string;
  category: string;
  benchmarkName: string;
  riskProfile: number;
  terPercent: string;
  transactionCostsPercent: string;
  platformFeePercent: string;
  minInvestmentMinor: bigint;
  cutoffMinute: number;
  valuationMinute: number;
  distributionPolicy: 'accumulating' | 'distributing';
}): StoredKeyFact[] {
  const terms = {
    terPercent: input.terPercent,
    transactionCostsPercent: input.transactionCostsPercent,
    platformFeePercent: input.platformFeePercent,
  } as repo.FundTermsRow;
  const c = costsOn(terms, input.minInvestmentMinor);
  const cutoff = minuteText(input.cutoffMinute);
  const valuation = minuteText(input.valuationMinute);
  return [
    {
      key: 'what_you_buy',
      label: 'What you buy',
      text:
        `Units of ${input.name}, a ${input.category} unit trust measured against the ${input.benchmarkName}. ` +
        `Risk profile ${input.riskProfile} of 7 (1 lowest, 7 highest).`,
    },
    {
      key: 'price_basis',
      label: 'How it is priced',
      text:
        `Forward pricing at the NAV (net asset value per unit), struck at ${valuation} SAST each JSE business day. ` +
        `Orders before the ${cutoff} SAST cut-off are priced at that day's valuation; later orders, and orders on ` +
        `weekends and JSE holidays, at the next business day's. You invest an amount: units = amount ÷ NAV to ` +
        `4 decimals, rounded down, and the remainder is refunded to your account. No 20-second quotation applies.`,
    },
    {
      key: 'fees',
      label: 'Costs',
      text:
        `No upfront fee. Inside the fund (already in the NAV): TER ${plain(input.terPercent)}% a year and transaction ` +
        `costs ${plain(input.transactionCostsPercent)}% a year (total investment charge ${ticOf(terms)}%). Platform fee ` +
        `${plain(input.platformFeePercent)}% a year, deducted at redemption for the days held. On the minimum of ` +
        `R ${c.amount} that is R ${c.ter} TER + R ${c.transaction_costs} transaction costs + R ${c.platform_fee} ` +
        `platform fee = R ${c.total} a year.`,
    },
    {
      key: 'early_exit',
      label: 'Redeeming',
      text:
        `Redeem any time from Order Details: paid at the next NAV by the same cut-off, units × NAV less the ` +
        `platform fee for the days held, into your account.`,
    },
    {
      key: 'allocation',
      label: 'Income',
      text:
        input.distributionPolicy === 'accumulating'
          ? 'Accumulating: income the fund earns is reinvested and shows in the NAV.'
          : 'Distributing: income is declared by the fund and shows in the NAV until paid.',
    },
    {
      key: 'maximum_loss',
      label: 'Risk',
      text: 'Not capital protected: the NAV moves with the market and you can lose part of what you invest. Past performance is no guide to the future.',
    },
  ];
}

export interface CreateFundInput {
  name: string;
  code: string;
  category: string;
  /** The benchmark index (or instrument) of the universe. */
  benchmarkSymbol: string;
  benchmarkCountry: string;
  riskProfile: number;
  terPercent: string;
  transactionCostsPercent: string;
  platformFeePercent: string;
  /** Rand. */
  minInvestment: string;
  maxInvestment: string;
  /** 'HH:mm' SAST; default 14:00 and 15:00. */
  cutoffTime?: string;
  valuationTime?: string;
  distributionPolicy?: 'accumulating' | 'distributing';
  /** NAV at launch, cents per unit (default 100.00); the launch is `launchDate` or the last valuation day. */
  launchNav?: string;
  launchDate?: string;
  hot?: boolean;
  /** Open at once (default true): a fund is open-ended. */
  open?: boolean;
}

const percentText = (text: string, field: string) => {
  if (!/^\d{1,2}(\.\d{1,4})?$/.test(text.trim()))
    throw bad(`${field} must be a percentage from 0 to 9.9999 (at most 4 decimals).`);
  return plain(text.trim());
};

function minuteOf(text: string, field: string) {
  const m = /^(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw bad(`${field} must be HH:mm (SAST).`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Operator: creates a fund (offering dtype 'fund' + terms), open by default, its NAV history struck. Audited. */
export async function createFund(ctx: AppContext, input: CreateFundInput, actor: string) {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 120) throw bad('The name must be 1 to 120 characters.');
  const code = input.code.trim().toUpperCase();
  if (!/^[A-Z0-9]{2,12}$/.test(code)) throw bad('The code must be 2 to 12 letters or digits.');
  const category = input.category.trim();
  if (category.length < 1 || category.length > 80) throw bad('The category must be 1 to 80 characters.');
  if (!Number.isInteger(input.riskProfile) || input.riskProfile < 1 || input.riskProfile > 7) {
    throw bad('The risk profile must be a whole number from 1 to 7.');
  }
  const benchmark = await instrumentByRef(
    ctx,
    { country: input.benchmarkCountry.toUpperCase(), symbol: input.benchmarkSymbol.toUpperCase() },
    { fresh: true },
  ).catch(() => {
    throw bad(
      `No index or instrument ${input.benchmarkSymbol.toUpperCase()} in ${input.benchmarkCountry.toUpperCase()}.`,
    );
  });
  if (benchmark.currency !== 'ZAR')
    throw bad('A fund is in rand: its benchmark must be a JSE index or share.');
  const ter = percentText(input.terPercent, 'TER');
  const tc = percentText(input.transactionCostsPercent, 'Transaction costs');
  const platform = percentText(input.platformFeePercent, 'Platform fee');
  const minMinor = amountOf(input.minInvestment);
  const maxMinor = amountOf(input.maxInvestment);
  if (maxMinor < minMinor) throw bad('The maximum investment must not be below the minimum.');
  const cutoffMinute = minuteOf(input.cutoffTime ?? '14:00', 'The cut-off');
  const valuationMinute = minuteOf(input.valuationTime ?? '15:00', 'The valuation time');
  if (valuationMinute <= cutoffMinute) throw bad('The valuation must be after the cut-off.');
  const launchNav = input.launchNav ?? '100.00';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(launchNav) || Number(launchNav) <= 0) {
    throw bad('The launch NAV must be cents per unit greater than 0 (at most 2 decimals).');
  }
  const at = ctx.clock.now();
  const launchDay = input.launchDate ? isoToDay(input.launchDate) : lastValuationDay(at, valuationMinute);
  if (
    Number.isNaN(launchDay) ||
    !isBusinessDay(launchDay) ||
    launchDay > lastValuationDay(at, valuationMinute)
  ) {
    throw bad('The launch date must be a past business day (JSE).');
  }
  // What the key facts show and what the terms keep are the same figures.
  const figures = {
    riskProfile: input.riskProfile,
    terPercent: ter,
    transactionCostsPercent: tc,
    platformFeePercent: platform,
    minInvestmentMinor: minMinor,
    cutoffMinute,
    valuationMinute,
    distributionPolicy: input.distributionPolicy ?? 'accumulating',
  };
  const keyFacts = buildFundKeyFacts({ name, category, benchmarkName: benchmark.name, ...figures });
  return inTransaction(ctx, async (tx, txCtx) => {
    const now = ctx.clock.now();
    if (await repo.findFundByCode(tx, code)) throw conflict(`A fund with code ${code} exists.`);
    const offering = await insertOffering(tx, {
      dtype: 'fund',
      name,
      instrumentId: benchmark.id,
      currency: 'ZAR',
      status: input.open === false ? 'upcoming' : 'open',
      opensAt: now,
      // Open-ended: a unit trust takes subscriptions until it is closed by the operator.
      closesAt: new Date(now.getTime() + 100 * 365 * DAY_MS),
      minQuantity: rand(minMinor),
      maxQuantity: rand(maxMinor),
      hot: input.hot ?? false,
      keyFacts,
      createdBy: actor,
      createdAt: now,
      updatedAt: now,
    });
    const terms = await repo.insertTerms(tx, {
      offeringId: offering.id,
      code,
      category,
      benchmarkId: benchmark.id,
      ...figures,
      launchDay: dayToIso(launchDay),
      launchNav,
      createdAt: now,
    });
    const struck = await strikeUntil(
      ctx,
      tx,
      { offering, terms, benchmark },
      lastValuationDay(at, valuationMinute),
    );
    await audit.record(txCtx, {
      actor,
      action: 'fund.create',
      subjectType: 'offering',
      subjectId: String(offering.id),
      before: null,
      after: {
        name,
        code,
        category,
        benchmark: benchmark.symbol,
        risk_profile: input.riskProfile,
        ter_percent: ter,
        transaction_costs_percent: tc,
        platform_fee_percent: platform,
        min_investment: rand(minMinor),
        max_investment: rand(maxMinor),
        cutoff: minuteText(cutoffMinute),
        valuation: minuteText(valuationMinute),
        distribution_policy: figures.distributionPolicy,
        launch_day: dayToIso(launchDay),
        launch_nav: launchNav,
        status: offering.status,
        navs_struck: struck,
      },
    });
    return { offering, terms, benchmark, struck };
  });
}

/** Far enough ahead that every order not yet valued or paid is "due" by it (the pending counts). */
const ANY_DAY = '9999-12-31';

/** The funds with their latest NAV and the orders waiting for a valuation (the console's list). */
export async function listFundsForOps(ctx: AppContext) {
  const at = ctx.clock.now();
  return Promise.all(
    (await repo.listFunds(ctx.db)).map(async (f) => ({
      ...f,
      latest: latestNavAt(ctx, f, at),
      pendingSubscriptions: (await repo.dueSubscriptions(ctx.db, f.offering.id, ANY_DAY, false)).length,
      pendingRedemptions: (await repo.dueRedemptions(ctx.db, f.offering.id, ANY_DAY, false)).length,
    })),
  );
}

export const findFundByCode = (ctx: AppContext, code: string) => repo.findFundByCode(ctx.db, code);
