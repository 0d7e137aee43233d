import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../lib/context';
import { hashSecret } from '../lib/crypto';
import { md5 } from '../lib/md5';
import { acceptUpload } from '../modules/uploads/uploads.service';
import { advisors, clients, invitationCodes, kycSubmissions } from './schema/index';
import { seedMoney } from './seed-money';
import { seedTrading } from './seed-trading';

export const DEMO = {
  advisor: 'Imali Demo Advisory',
  invitationCode: 'WELCOME',
  mobile: '612345678',
  password: 'demo1234',
  pin: '123456',
  name: 'Thandi Demo',
} as const;

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
    if (demo) await seedTrading(ctx);
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
  return true;
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
