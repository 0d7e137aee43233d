import { randomInt } from 'node:crypto';
import type { AppContext } from '../../lib/context';
import { clients } from '../../db/schema/identity';
import { startSession } from '../session/session.service';

/**
 * Test helper: inserts a client and starts a session, returning the bearer token, so market API
 * tests do not depend on the sign-in routes of another module.
 */
export async function signedInClient(ctx: AppContext): Promise<{ clientId: number; token: string }> {
  const mobile = `7${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const [row] = await ctx.db
    .insert(clients)
    .values({ mobile, passwordHash: 'not-used-in-market-tests', name: 'Market Tester' })
    .returning({ id: clients.id });
  const { token } = await startSession(ctx, { clientId: row!.id, remember: false });
  return { clientId: row!.id, token };
}
