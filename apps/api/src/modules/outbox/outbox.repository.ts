import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';

export async function insertMessage(db: Db, values: typeof outbox.$inferInsert) {
  const [row] = await db.insert(outbox).values(values).returning({ id: outbox.id });
  return row!.id;
}

export async function markSent(db: Db, id: number, at: Date) {
  await db.update(outbox).set({ sentAt: at }).where(eq(outbox.id, id));
}

export async function lastTo(db: Db, channel: string, recipient: string) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, channel), eq(outbox.recipient, recipient)))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  return row;
}
