import sharp from 'sharp';
import type { AppContext } from '../lib/context';
import { md5 } from '../lib/md5';
import { DomainError } from '../plugins/errors';
import * as applications from '../modules/applications/applications.service';
import { register } from '../modules/auth/auth.service';
import { createCard, listCards } from '../modules/bankcards/bankcards.service';
import { findByMobile } from '../modules/client/client.service';
import {
  attachProof,
  confirmDeposit,
  createDeposit,
  DEPOSIT_INSTRUCTIONS,
  listClientDeposits,
} from '../modules/deposits/deposits.service';
import * as kyc from '../modules/kyc/kyc.service';
import { ownAccountByCurrency, type IdempotencyInput } from '../modules/ledger/ledger.service';
import { acceptUpload, uploadIdFromUrl } from '../modules/uploads/uploads.service';
import { requestWithdrawal } from '../modules/withdrawals/withdrawals.service';

/**
 * Pending work in every queue of the operator console (issue 23), for demo mode only: a KYC
 * submission with a duplicate identity, EFT deposits with proofs, a withdrawal above the first
 * approval tier, a compensation claim and a loan application. Everything goes through the real
 * services (registration, KYC submit, uploads, deposits, bank cards, withdrawals, applications),
 * so the queues hold exactly what a client would have produced, and `ledger check` stays clean.
 */

/** Who the seed's operator-side steps are by, in the audit log. */
const SEED_ACTOR = 'system:seed';
// seed.ts calls this file, so its DEMO is not imported here (a cycle); seed-console.test.ts checks
// that these equal DEMO.mobile and DEMO.invitationCode.
const DEMO_CLIENT_MOBILE = '612345678';
const DEMO_INVITATION_CODE = 'WELCOME';
const DEMO_CLIENT_NAME = 'Thandi Demo';

/** What the console queues are seeded with; the references are in seedConsoleQueues' result. */
export const DEMO_QUEUES = {
  /** Every client made here signs in with this password (like the demo client). */
  password: 'demo1234',
  /** The demo client's own bank card; Sipho tries to save the same number. */
  demoClientCard: {
    mobile: DEMO_CLIENT_MOBILE,
    bankName: 'Standard Bank',
    cardNo: '10023456789',
    holderName: 'THANDI DEMO',
  },
  /** KYC review: pending, two ID images, the demo client's ID number (the duplicate-identity flag). */
  kyc: {
    mobile: '723456781',
    name: 'Sipho Mokoena',
    idNo: '9001014800086',
    dob: '1990-01-01',
    duplicateOfMobile: DEMO_CLIENT_MOBILE,
    /** The demo client's card number: bankcards refuses it without an operator's approval. */
    cardNo: '10023456789',
    bankName: 'Standard Bank',
  },
  /** Deposits and reconciliation: the demo client's pending EFT deposits, each with a proof image. */
  deposits: { mobile: DEMO_CLIENT_MOBILE, currency: 'ZAR', amounts: ['5000.00', '12500.00'] },
  /** Lerato: approved KYC, funded, a card, and one item in each money-out queue. */
  lerato: {
    mobile: '734567812',
    name: 'Lerato Dlamini',
    idNo: '8805150234080',
    dob: '1988-05-15',
    currency: 'ZAR',
    /** Confirmed EFT deposits: R 250,000.00 in all. */
    funding: ['150000.00', '100000.00'],
    card: { bankName: 'FNB', cardNo: '62845519027', holderName: 'MS L DLAMINI' },
    /** Above the first approval tier (R 50,000). */
    withdrawal: '75000.00',
    compensation: {
      amount: '1850.00',
      reason:
        'My EFT deposit was paid on time but credited two days late, so I missed the Standard Bank ' +
        '90-day DD. I claim the return I lost on the amount.',
    },
    loan: {
      amount: '30000.00',
      termMonths: 12,
      purpose: 'Solar panels and a battery for my home',
      monthlyIncome: '42000.00',
      monthlyExpenses: '17500.00',
    },
  },
} as const;

export interface ConsoleQueuesResult {
  kyc: { clientId: number; mobile: string; idNo: string; frontUploadId: string; backUploadId: string };
  /** Whether Sipho holds the demo client's card number (false: refused without an approval). */
  sharedCardSaved: boolean;
  deposits: Array<{
    id: number;
    reference: string;
    amount: string;
    currency: string;
    proofUploadId: string | null;
  }>;
  lerato: {
    clientId: number;
    fundingReferences: string[];
    withdrawal: { id: number; reference: string; amount: string };
    compensation: { id: number; reference: string; relatedReference: string };
    loan: { id: number; reference: string };
  };
  /** What this call added (a second call adds nothing: 0). */
  created: number;
}

const key = (clientId: number, name: string): IdempotencyInput => ({
  clientId,
  key: `seed-console-${name}`,
  requestHash: 'seed-console',
});

/**
 * Seeds the console's queues. Idempotent: each step is keyed on what exists (a client by mobile,
 * its KYC status, a card by number, an application by type) or on an idempotency key, so a second
 * call (every demo restart) adds nothing, and work an operator has since decided is not redone.
 * Returns undefined when the demo client is not there (the demo seed has not run).
 */
export async function seedConsoleQueues(ctx: AppContext): Promise<ConsoleQueuesResult | undefined> {
  const demo = await findByMobile(ctx, DEMO_CLIENT_MOBILE);
  if (!demo) return undefined;
  let created = 0;

  // 1. The demo client's card, so a second client's shared card number has something to clash with.
  if (await ensureCard(ctx, demo.id, DEMO_QUEUES.demoClientCard)) created += 1;

  // 2. KYC review: Sipho, with the demo client's ID number.
  const demoIdNo = (await kyc.detail(ctx, demo.id)).id_no;
  const q = DEMO_QUEUES.kyc;
  const sipho = await ensureClient(ctx, q.mobile);
  if (sipho.created) created += 1;
  let sharedCardSaved = (await listCards(ctx, sipho.id)).some((c) => c.card_no === q.cardNo);
  if (sipho.kycStatus === 'unverified') {
    await submitKyc(ctx, sipho.id, { mobile: q.mobile, name: q.name, idNo: demoIdNo, dob: q.dob });
    created += 1;
    // Tried once, when he first submits: a refusal is recorded in the audit log
    // (bankcard.shared_number_refused), which is what a real second client would leave behind.
    try {
      await createCard(ctx, sipho.id, { bankName: q.bankName, cardNo: q.cardNo, holderName: q.name });
      sharedCardSaved = true;
      created += 1;
    } catch (error) {
      if (!(error instanceof DomainError) || error.statusCode !== 409) throw error;
    }
  }
  const siphoKyc = await kyc.detail(ctx, sipho.id);

  // 3. Deposits with proofs, on the demo client's ZAR account.
  const demoZar = (await ownAccountByCurrency(ctx, demo.id, 'ZAR'))!;
  const deposits: ConsoleQueuesResult['deposits'] = [];
  for (const amount of DEMO_QUEUES.deposits.amounts) {
    const { data, replayed } = await createDeposit(ctx, demo.id, key(demo.id, `deposit-${amount}`), {
      accountId: demoZar.id,
      amount,
      method: 'EFT',
    });
    if (!replayed) created += 1;
    let current = (await listClientDeposits(ctx, demo.id)).find((d) => d.id === data.id)!;
    if (current.status === 'pending' && !current.proof_url) {
      const proof = await paymentConfirmationImage({
        bank: DEMO_QUEUES.demoClientCard.bankName,
        payer: DEMO_CLIENT_NAME.toUpperCase(),
        reference: current.reference,
        amount,
        at: new Date(current.created_at),
      });
      current = { ...current, ...(await attachProof(ctx, demo.id, current.id, proof)) };
      created += 1;
    }
    deposits.push({
      id: current.id,
      reference: current.reference,
      amount: current.amount,
      currency: current.currency,
      proofUploadId: current.proof_url ? (uploadIdFromUrl(current.proof_url) ?? null) : null,
    });
  }

  // 4. Lerato: approved, funded, a card, a withdrawal above the first tier, a claim and a loan.
  const l = DEMO_QUEUES.lerato;
  const lerato = await ensureClient(ctx, l.mobile);
  if (lerato.created) created += 1;
  if (lerato.kycStatus === 'unverified') {
    await submitKyc(ctx, lerato.id, { mobile: l.mobile, name: l.name, idNo: l.idNo, dob: l.dob });
    created += 1;
  }
  if ((await findByMobile(ctx, l.mobile))!.kycStatus === 'pending') {
    await kyc.approve(ctx, l.mobile, SEED_ACTOR);
    created += 1;
  }
  const leratoZar = (await ownAccountByCurrency(ctx, lerato.id, 'ZAR'))!;
  const fundingReferences: string[] = [];
  for (const [i, amount] of l.funding.entries()) {
    const { data, replayed } = await createDeposit(ctx, lerato.id, key(lerato.id, `funding-${i + 1}`), {
      accountId: leratoZar.id,
      amount,
      method: 'EFT',
    });
    if (!replayed) created += 1;
    const current = (await listClientDeposits(ctx, lerato.id)).find((d) => d.id === data.id)!;
    if (current.status === 'pending') {
      await confirmDeposit(ctx, current.id, SEED_ACTOR);
      created += 1;
    }
    fundingReferences.push(current.reference);
  }
  if (await ensureCard(ctx, lerato.id, l.card)) created += 1;
  const leratoCard = (await listCards(ctx, lerato.id)).find((c) => c.card_no === l.card.cardNo);
  const withdrawal = await requestWithdrawal(ctx, lerato.id, key(lerato.id, 'withdrawal'), {
    accountId: leratoZar.id,
    amount: l.withdrawal,
    // A replay answers from its key without reading the card (she may have deleted it since).
    cardId: leratoCard?.id ?? 0,
  });
  if (!withdrawal.replayed) created += 1;

  const flags = (await findByMobile(ctx, l.mobile))!;
  if (!flags.allowCompensation || !flags.allowLoan) {
    await applications.setClientFlags(
      ctx,
      { mobile: l.mobile },
      { allowCompensation: true, allowLoan: true },
      SEED_ACTOR,
    );
    created += 1;
  }
  const existing = await applications.listClientApplications(ctx, lerato.id);
  const relatedReference = fundingReferences[0]!;
  let compensation = existing.find((a) => a.type === 'compensation');
  if (!compensation) {
    // Evidence is uploaded only when the claim is made (an unused upload would be an orphan).
    const evidence = await acceptUpload(ctx, {
      ownerClientId: lerato.id,
      purpose: 'image',
      bytes: await paymentConfirmationImage({
        bank: l.card.bankName,
        payer: l.card.holderName,
        reference: relatedReference,
        amount: l.funding[0],
        // Paid two days before it was credited: what the claim is about.
        at: new Date(ctx.clock.now().getTime() - 2 * 86_400_000),
      }),
    });
    compensation = (
      await applications.submitApplication(ctx, lerato.id, key(lerato.id, 'compensation'), {
        type: 'compensation',
        account_id: leratoZar.id,
        amount: l.compensation.amount,
        reason: l.compensation.reason,
        related_reference: relatedReference,
        evidence_urls: [evidence.url],
      })
    ).data;
    created += 1;
  }
  let loan = existing.find((a) => a.type === 'loan');
  if (!loan) {
    loan = (
      await applications.submitApplication(ctx, lerato.id, key(lerato.id, 'loan'), {
        type: 'loan',
        account_id: leratoZar.id,
        amount: l.loan.amount,
        term_months: l.loan.termMonths,
        purpose: l.loan.purpose,
        monthly_income: l.loan.monthlyIncome,
        monthly_expenses: l.loan.monthlyExpenses,
      })
    ).data;
    created += 1;
  }

  return {
    kyc: {
      clientId: sipho.id,
      mobile: q.mobile,
      idNo: siphoKyc.id_no,
      frontUploadId: uploadIdFromUrl(siphoKyc.id_front_url)!,
      backUploadId: uploadIdFromUrl(siphoKyc.id_back_url)!,
    },
    sharedCardSaved,
    deposits,
    lerato: {
      clientId: lerato.id,
      fundingReferences,
      withdrawal: {
        id: withdrawal.data.id,
        reference: withdrawal.data.reference,
        amount: withdrawal.data.amount,
      },
      compensation: {
        id: compensation.id,
        reference: compensation.reference,
        relatedReference: compensation.related_reference ?? relatedReference,
      },
      loan: { id: loan.id, reference: loan.reference },
    },
    created,
  };
}

/** The client with `mobile`, registered with the demo invitation code when there is none yet. */
async function ensureClient(ctx: AppContext, mobile: string) {
  let created = false;
  if (!(await findByMobile(ctx, mobile))) {
    await register(ctx, { mobile, password: md5(DEMO_QUEUES.password), inviteCode: DEMO_INVITATION_CODE });
    created = true;
  }
  const client = (await findByMobile(ctx, mobile))!;
  return { id: client.id, kycStatus: client.kycStatus, created };
}

/**
 * Saves the card unless the client already has its number; returns whether it saved it. A card the
 * client deleted meanwhile is refused as a duplicate (409): left as it is.
 */
async function ensureCard(
  ctx: AppContext,
  clientId: number,
  card: { bankName: string; cardNo: string; holderName: string },
) {
  if ((await listCards(ctx, clientId)).some((c) => c.card_no === card.cardNo)) return false;
  try {
    await createCard(ctx, clientId, {
      bankName: card.bankName,
      cardNo: card.cardNo,
      holderName: card.holderName,
    });
  } catch (error) {
    if (error instanceof DomainError && error.statusCode === 409) return false;
    throw error;
  }
  return true;
}

/** Uploads both sides of the ID card as the client's own images and submits KYC (now pending). */
async function submitKyc(
  ctx: AppContext,
  clientId: number,
  person: { mobile: string; name: string; idNo: string; dob: string },
) {
  const front = await acceptUpload(ctx, {
    ownerClientId: clientId,
    purpose: 'image',
    bytes: await idCardImage(person, 'front'),
  });
  const back = await acceptUpload(ctx, {
    ownerClientId: clientId,
    purpose: 'image',
    bytes: await idCardImage(person, 'back'),
  });
  await kyc.submit(ctx, clientId, {
    full_name: person.name,
    id_no: person.idNo,
    mobile: person.mobile,
    dob: person.dob,
    id_front_url: front.url,
    id_back_url: back.url,
  });
}

// ---------- Images (rendered with sharp from SVG, so a reviewer sees recognisable documents) ----------

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const FONT = 'DejaVu Sans, Arial, Helvetica, sans-serif';

function text(
  x: number,
  y: number,
  size: number,
  content: string,
  options: { bold?: boolean; fill?: string } = {},
) {
  return (
    `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}"` +
    `${options.bold ? ' font-weight="bold"' : ''} fill="${options.fill ?? '#1f2933'}">${escapeXml(content)}</text>`
  );
}

const renderPng = (svg: string) =>
  sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer();

/** '12500.00' → 'R 12,500.00' (as a South African bank prints it on a confirmation). */
function rands(amount: string) {
  const [whole, cents = '00'] = amount.split('.');
  return `R ${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`;
}

/** A South African smart ID card, front (photo, name, ID number) or back (barcode), about 640×400. */
export function idCardImage(
  person: { name: string; idNo: string; dob: string },
  side: 'front' | 'back',
): Promise<Buffer> {
  const [given, ...rest] = person.name.split(' ');
  const surname = rest.join(' ') || given!;
  const header =
    `<rect width="640" height="400" rx="22" fill="#dcebd9"/>` +
    `<rect width="640" height="62" rx="22" fill="#1b5e3a"/><rect y="40" width="640" height="22" fill="#1b5e3a"/>` +
    text(24, 42, 21, 'REPUBLIC OF SOUTH AFRICA — IDENTITY CARD', { bold: true, fill: '#ffffff' });
  const body =
    side === 'front'
      ? `<rect x="24" y="86" width="150" height="190" rx="8" fill="#b7c9b3"/>` +
        `<circle cx="99" cy="155" r="38" fill="#8aa386"/><rect x="49" y="202" width="100" height="60" rx="30" fill="#8aa386"/>` +
        text(200, 100, 13, 'Surname') +
        text(200, 124, 22, surname.toUpperCase(), { bold: true }) +
        text(200, 154, 13, 'Names') +
        text(200, 178, 22, given!.toUpperCase(), { bold: true }) +
        text(200, 208, 13, 'Date of birth') +
        text(200, 230, 19, person.dob, { bold: true }) +
        text(420, 208, 13, 'Nationality') +
        text(420, 230, 19, 'RSA', { bold: true }) +
        text(24, 320, 13, 'Identity number') +
        text(24, 352, 30, person.idNo, { bold: true }) +
        text(430, 380, 12, 'Specimen: Imali demo data', { fill: '#52606d' })
      : Array.from(
          { length: 70 },
          (_, i) =>
            `<rect x="${40 + i * 8}" y="100" width="${1 + ((i * 7) % 5)}" height="120" fill="#1f2933"/>`,
        ).join('') +
        text(40, 260, 13, 'Identity number') +
        text(40, 290, 24, person.idNo, { bold: true }) +
        text(40, 330, 13, `${person.name.toUpperCase()} · ${person.dob}`) +
        text(40, 372, 12, 'Department of Home Affairs · Specimen: Imali demo data', { fill: '#52606d' });
  return renderPng(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">${header}${body}</svg>`);
}

/** A bank's payment confirmation of an EFT to Imali's trust account, quoting `reference`. */
export function paymentConfirmationImage(payment: {
  bank: string;
  payer: string;
  reference: string;
  amount: string;
  at: Date;
}): Promise<Buffer> {
  const when = payment.at.toISOString().slice(0, 16).replace('T', ' ');
  const d = DEPOSIT_INSTRUCTIONS;
  const row = (y: number, label: string, value: string) =>
    text(40, y, 15, label, { fill: '#52606d' }) + text(250, y, 17, value, { bold: true });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="440">` +
    `<rect width="640" height="440" fill="#ffffff"/><rect width="640" height="70" fill="#00796b"/>` +
    text(40, 44, 24, payment.bank, { bold: true, fill: '#ffffff' }) +
    text(400, 44, 16, 'Payment confirmation', { fill: '#ffffff' }) +
    text(40, 110, 20, 'Payment successful', { bold: true, fill: '#00796b' }) +
    row(150, 'Date', `${when} UTC`) +
    row(185, 'From', payment.payer) +
    row(220, 'To', d.account_name) +
    row(255, 'Bank / branch', `${d.bank_name} ${d.branch_code}`) +
    row(290, 'Account number', d.account_number) +
    row(325, 'Reference', payment.reference) +
    row(370, 'Amount', rands(payment.amount)) +
    text(40, 418, 12, 'This notification is for information only. Specimen: Imali demo data.', {
      fill: '#52606d',
    }) +
    `</svg>`;
  return renderPng(svg);
}
