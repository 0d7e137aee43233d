import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../lib/context';
import * as repo from './outbox.repository';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * Sends a text message. Every message is kept in `outbox` first; with SMS_GATEWAY_URL set it is
 * also posted there, otherwise operators read it with `npm run ops -- code show <mobile>`. In
 * development the body is also logged, so a developer never needs a phone.
 */
export async function sendSms(ctx: AppContext, recipient: string, body: string, log?: Log) {
  const id = await repo.insertMessage(ctx.db, {
    channel: 'sms',
    recipient,
    body,
    createdAt: ctx.clock.now(),
  });
  if (ctx.config.NODE_ENV === 'development') log?.info({ to: recipient, body }, 'outbox sms');
  const gateway = ctx.config.SMS_GATEWAY_URL;
  if (!gateway) return;
  try {
    const res = await fetch(gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: recipient, body }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) throw new Error(`gateway answered ${res.status}`);
    await repo.markSent(ctx.db, id, ctx.clock.now());
  } catch (err) {
    // The message stays unsent in the outbox; the caller's answer must not reveal anything.
    log?.warn({ err, outboxId: id }, 'sms gateway failed');
  }
}

export async function lastSmsTo(ctx: AppContext, recipient: string) {
  return repo.lastTo(ctx.db, 'sms', recipient);
}
