import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { advisors, invitationCodes } from '../../db/schema/index';

export async function findAdvisorByName(db: Db, name: string) {
  const [row] = await db.select().from(advisors).where(eq(advisors.name, name)).limit(1);
  return row;
}

export async function insertAdvisor(db: Db, name: string, at: Date) {
  const [row] = await db.insert(advisors).values({ name, createdAt: at }).returning();
  return row!;
}

export async function findInvite(db: Db, code: string) {
  const [row] = await db
    .select({ invite: invitationCodes, advisorName: advisors.name })
    .from(invitationCodes)
    .innerJoin(advisors, eq(advisors.id, invitationCodes.advisorId))
    .where(sql`upper(${invitationCodes.code}) = upper(${code})`)
    .limit(1);
  return row;
}

export async function insertInvite(db: Db, values: typeof invitationCodes.$inferInsert) {
  const [row] = await db.insert(invitationCodes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function incrementUses(db: Db, code: string) {
  await db
    .update(invitationCodes)
    .set({ uses: sql`${invitationCodes.uses} + 1` })
    .where(eq(invitationCodes.code, code));
}

export async function setActive(db: Db, code: string, active: boolean) {
  const [row] = await db
    .update(invitationCodes)
    .set({ active })
    .where(eq(invitationCodes.code, code))
    .returning();
  return row;
}

export function listInvites(db: Db) {
  return db
    .select({ invite: invitationCodes, advisorName: advisors.name })
    .from(invitationCodes)
    .innerJoin(advisors, eq(advisors.id, invitationCodes.advisorId))
    .orderBy(desc(invitationCodes.createdAt), invitationCodes.code);
}
