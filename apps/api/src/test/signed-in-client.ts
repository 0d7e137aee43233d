import { randomInt } from 'node:crypto';
import type { AppContext } from '../lib/context';
import { clients } from '../db/schema/index';
import { startSession } from '../modules/session/session.service';

/**
 * Test helper: inserts a client and starts a session, returning the bearer token, so a module's
 * API tests do not depend on the sign-in routes of the identity module.
 */
export async function signedInClient(
  ctx: AppContext,
  options: { kyc?: 'approved' | 'pending' | 'unverified'; name?: string } = {},
): Promise<{ clientId: number; token: string; sessionId: string }> {
  const [row] = await ctx.db
    .insert(clients)
    .values({
      mobile: `6${String(randomInt(1e8)).padStart(8, '0')}`,
      passwordHash: 'not-used-by-session-tests',
      name: options.name ?? 'Test Client',
      kycStatus: options.kyc ?? 'unverified',
      // By the app clock, as registration stamps it (decision 0044).
      passwordChangedAt: ctx.clock.now(),
      createdAt: ctx.clock.now(),
    })
    .returning({ id: clients.id });
  const { token, session } = await startSession(ctx, { clientId: row!.id, remember: false });
  return { clientId: row!.id, token, sessionId: session.id };
}
