import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../lib/context';
import { hashSecret } from '../lib/crypto';
import { md5 } from '../lib/md5';
import type { StaffRole } from '@imali/contract';
import { acceptUpload } from '../modules/uploads/uploads.service';
import { createStaffUser, hasNoStaff } from '../modules/staff/staff.service';
import { advisors, clients, invitationCodes, kycSubmissions } from './schema/index';
import { seedMoney } from './seed-money';
import { seedTrading } from './seed-trading';
import { seedConsoleQueues } from './seed-console';
import { writeDemoStatementFile } from '../modules/reconciliation/demo-statement';

export const DEMO = {
  advisor: 'Imali Demo Advisory',
  invitationCode: 'WELCOME',
  mobile: '612345678',
  password: 'demo1234',
  pin: '123456',
  name: 'Thandi Demo',
} as const;

/** The demo staff's password (all of them; demo only, never in production). */
export const DEMO_STAFF_PASSWORD = 'demo-staff-1234';

/**
 * The demo staff of the operator console (issue 23): one per role, plus a second payments checker
 * and a second product ops (four-eyes needs two), each with a FIXED TOTP secret (base32) so the
 * README, e2e and a person with an authenticator app can sign in. Demo mode only (SEED_DEMO,
 * never in production): anyone who reads this file can sign in as them.
 */
export const DEMO_STAFF: readonly {
  email: string;
  displayName: string;
  roles: readonly StaffRole[];
  totpSecret: string;
}[] = [
  {
    email: 'admin@demo.imali.test',
    displayName: 'Ada Admin',
    roles: ['staff_admin'],
    totpSecret: '5UQO4GHXT4SZBIAIVRQEDG3EKNJXIGCC',
  },
  {
    email: 'support@demo.imali.test',
    displayName: 'Sipho Support',
    roles: ['support'],
    totpSecret: 'QK5KCUQWT4HGOPW3VUAR56K35ZFXMMMG',
  },
  {
    email: 'kyc@demo.imali.test',
    displayName: 'Kea Reviewer',
    roles: ['kyc_reviewer'],
    totpSecret: '3VKLQ26TCDL4GDVLUCON3MS4FXAJ5T6I',
  },
  {
    email: 'maker@demo.imali.test',
    displayName: 'Mandla Maker',
    roles: ['payments_maker'],
    totpSecret: '2C6JUITC27YF4WTFTLBDEEUEVSLZGEIN',
  },
  {
    email: 'checker@demo.imali.test',
    displayName: 'Chidi Checker',
    roles: ['payments_checker'],
    totpSecret: 'QJVNR25ZF4SZV2BMCVPS522AAX7WDVF4',
  },
  {
    email: 'checker2@demo.imali.test',
    displayName: 'Charlize Checker',
    roles: ['payments_checker'],
    totpSecret: 'WTO544IVWEPMVOGRNIN7ZLT3GXMIHB6F',
  },
  {
    email: 'products@demo.imali.test',
    displayName: 'Palesa Products',
    roles: ['product_ops'],
    totpSecret: 'DDQTZW3WXVLZN3FPBBKLRQFZMKS5EXWG',
  },
  {
    email: 'products2@demo.imali.test',
    displayName: 'Pieter Products',
    roles: ['product_ops'],
    totpSecret: 'HKDUV2BFR243WFSXQ3EBCJHSOM3EKZMQ',
  },
  {
    email: 'treasury@demo.imali.test',
    displayName: 'Themba Treasury',
    roles: ['treasury'],
    totpSecret: 'BQPBB73U4ESY5RZMURSJ4TOGMHTDNS45',
  },
  {
    email: 'treasury2@demo.imali.test',
    displayName: 'Tumi Treasury',
    roles: ['treasury'],
    totpSecret: 'JDRANSWZHSEE6BDBJGF67TB5G5WHVA3N',
  },
  {
    email: 'auditor@demo.imali.test',
    displayName: 'Aisha Auditor',
    roles: ['auditor'],
    totpSecret: '4LPETNEM7NN26WY3GBKC4RG2OPS7SLYK',
  },
];

/** The demo staff, into a database without any staff user (a demo database seeded before them too). */
export async function seedDemoStaff(ctx: AppContext): Promise<boolean> {
  if (ctx.config.NODE_ENV === 'production' || !(await hasNoStaff(ctx))) return false;
  for (const staff of DEMO_STAFF) {
    await createStaffUser(ctx, { ...staff, password: DEMO_STAFF_PASSWORD }, 'seed');
  }
  return true;
}

/**
 * Seeds an empty database with the demo advisor, invitation code and an approved client. Runs
 * only when no invitation code exists yet, so restarts and real data are never touched. A demo
 * database seeded before trading existed (it has the demo client) gets the demo offerings, which
 * are seeded idempotently by name.
 */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const existing = await ctx.db.select().from(invitationCodes).limit(1);
  if (existing.length > 0) {
    const [demo] = await ctx.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.mobile, DEMO.mobile));
    if (demo) {
      await seedTrading(ctx);
      await seedDemoStaff(ctx);
      await seedDemoQueues(ctx);
    }
    return false;
  }
  // Dates by the app clock (decision 0044): the client's registration counts toward its standing.
  const now = ctx.clock.now();
  const [advisor] = await ctx.db.insert(advisors).values({ name: DEMO.advisor, createdAt: now }).returning();
  await ctx.db
    .insert(invitationCodes)
    .values({ code: DEMO.invitationCode, advisorId: advisor!.id, createdAt: now });
  const [client] = await ctx.db
    .insert(clients)
    .values({
      mobile: DEMO.mobile,
      passwordHash: await hashSecret(md5(DEMO.password)),
      pinHash: await hashSecret(md5(DEMO.pin)),
      name: DEMO.name,
      email: 'demo@imali.example',
      kycStatus: 'approved',
      vip: 1,
      score: 80,
      advisorId: advisor!.id,
      inviteCode: DEMO.invitationCode,
      passwordChangedAt: now,
      createdAt: now,
    })
    .returning();
  await ctx.db.update(invitationCodes).set({ uses: 1 }).where(eq(invitationCodes.code, DEMO.invitationCode));
  await seedDemoKyc(ctx, client!.id);
  await seedMoney(ctx, client!.id);
  await seedTrading(ctx);
  await seedDemoStaff(ctx);
  await seedDemoQueues(ctx);
  return true;
}

/**
 * Pending work in every console queue (SEED_DEMO_QUEUES), and the bank statement that matches
 * the pending deposits (DATA_DIR/demo-bank-statement.csv, for the reconciliation screen).
 */
async function seedDemoQueues(ctx: AppContext) {
  if (!ctx.config.SEED_DEMO_QUEUES || ctx.config.NODE_ENV === 'production') return;
  await seedConsoleQueues(ctx);
  await writeDemoStatementFile(ctx);
}

/** An approved KYC submission with two placeholder ID images, so 'View KYC' has something to show. */
async function seedDemoKyc(ctx: AppContext, clientId: number) {
  const card = (r: number, g: number, b: number) =>
    sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  const front = await acceptUpload(ctx, {
    ownerClientId: clientId,
    purpose: 'image',
    bytes: await card(34, 94, 168),
  });
  const back = await acceptUpload(ctx, {
    ownerClientId: clientId,
    purpose: 'image',
    bytes: await card(90, 90, 90),
  });
  const now = ctx.clock.now();
  await ctx.db.insert(kycSubmissions).values({
    clientId,
    fullName: DEMO.name,
    idNo: '9001014800086',
    mobile: DEMO.mobile,
    dob: '1990-01-01',
    idFrontUploadId: front.id,
    idBackUploadId: back.id,
    status: 'approved',
    createdAt: now,
    decidedAt: now,
    decidedBy: 'seed',
  });
}
