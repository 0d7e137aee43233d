/**
 * The one wiring file (ARCHITECTURE.md, decision 0048): every product and every other plug-in the
 * shared modules call without importing, listed here and handed to the app on its context when it
 * is built (app.ts, cli/ops.ts). Nothing registers itself by being imported.
 *
 * A new product is one definition here (`satisfies` fails the build while a ttype has none or a
 * definition lacks a part) and one drawer on the web.
 */
import { fundCommands } from '../cli/commands/funds';
import { ipoCommands } from '../cli/commands/ipo';
import { quantCommands } from '../cli/commands/quant';
import { offeringCommands } from '../cli/commands/trading';
import type { AppContext } from '../lib/context';
import { compensationPayoutApproval, loanPayoutApproval } from './applications/applications.approval';
import { policyChangeApproval } from './approvals/policy-change.approval';
import { fxRatePublishApproval } from './fx/fx.approval';
import { fundNavStrikeApproval } from './funds/funds.approval';
import { fundProduct } from './funds/funds.service';
import { ipoAllotApproval } from './ipo/ipo.approval';
import { ipoProduct } from './ipo/ipo.service';
import { ledgerAdjustApproval } from './ledger/ledger.approval';
import { clientAccounts, toAccountView } from './ledger/ledger.service';
import { limitsChangeApproval } from './limits/limits.approval';
import { feesChangeApproval } from './fees/fees.approval';
import { offeringSettleApproval } from './offerings/offerings.approval';
import { SHARES_PRODUCT } from './orders/product';
import { quantMatureApproval, quantStartApproval } from './quant/quant.approval';
import { quantProduct } from './quant/quant.service';
import { standingOfClient } from './standing/standing.service';
import type { AppWiring } from './wiring-types';
import { withdrawalPayApproval } from './withdrawals/withdrawals.approval';

export const wiring = {
  products: {
    // Shares on the exchange, and shares of a block (fo) or OTC (otc) offering: one order model.
    // Each product's operator actions are its ops commands (cli/commands), which call its service.
    standard: { ...SHARES_PRODUCT, operatorActions: [] },
    fo: { ...SHARES_PRODUCT, operatorActions: offeringCommands },
    otc: { ...SHARES_PRODUCT, operatorActions: offeringCommands },
    ipo: { ...ipoProduct, operatorActions: ipoCommands },
    fund: { ...fundProduct, operatorActions: fundCommands },
    quant: { ...quantProduct, operatorActions: quantCommands },
  },
  profile: {
    // The profile's `accounts` (spec section 3) are the client's cash accounts.
    accounts: async (ctx, clientId) => (await clientAccounts(ctx, clientId)).map(toAccountView),
    // client_info's vip, score and order_num are the standing panel's figures (issue 24).
    standing: standingOfClient,
  },
  // Every action that may need a second pair of eyes (decision 0058): each owning module defines
  // its own; the approvals module runs them by name. The tiers are data (approval_policies).
  approvals: {
    [withdrawalPayApproval.action]: withdrawalPayApproval,
    [policyChangeApproval.action]: policyChangeApproval,
    [compensationPayoutApproval.action]: compensationPayoutApproval,
    [loanPayoutApproval.action]: loanPayoutApproval,
    [ledgerAdjustApproval.action]: ledgerAdjustApproval,
    [ipoAllotApproval.action]: ipoAllotApproval,
    [fxRatePublishApproval.action]: fxRatePublishApproval,
    [fundNavStrikeApproval.action]: fundNavStrikeApproval,
    [offeringSettleApproval.action]: offeringSettleApproval,
    [quantStartApproval.action]: quantStartApproval,
    [quantMatureApproval.action]: quantMatureApproval,
    [limitsChangeApproval.action]: limitsChangeApproval,
    [feesChangeApproval.action]: feesChangeApproval,
  },
} satisfies AppWiring<AppContext>;
