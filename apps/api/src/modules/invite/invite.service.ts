import { randomInt } from 'node:crypto';
import { ErrorCode } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import * as repo from './invite.repository';

// No 0/O or 1/I: codes are read aloud and typed from paper.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_PATTERN = /^[A-Z0-9]{4,32}$/;

const newCode = () =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** The active invitation matching `code` (case-insensitive), or undefined. */
export async function findActive(ctx: AppContext, code: string) {
  const found = await repo.findInvite(ctx.db, code.trim());
  return found && found.invite.active ? found.invite : undefined;
}

export const countUse = (ctx: AppContext, code: string) => repo.incrementUses(ctx.db, code);

export async function create(ctx: AppContext, input: { advisorName: string; code?: string; actor: string }) {
  const advisorName = input.advisorName.trim();
  if (!advisorName)
    throw new DomainError(ErrorCode.InvalidInput, 'An advisor name is required (--advisor NAME).');
  const code = (input.code ?? newCode()).trim().toUpperCase();
  if (!CODE_PATTERN.test(code)) {
    throw new DomainError(ErrorCode.InvalidInput, 'An invitation code is 4 to 32 letters or digits.');
  }
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    if (await repo.findInvite(tx, code)) {
      throw new DomainError(ErrorCode.Conflict, `Invitation code ${code} already exists.`, 409);
    }
    const now = ctx.clock.now();
    const advisor =
      (await repo.findAdvisorByName(tx, advisorName)) ?? (await repo.insertAdvisor(tx, advisorName, now));
    const invite = await repo.insertInvite(tx, { code, advisorId: advisor.id, createdAt: now });
    if (!invite) throw new DomainError(ErrorCode.Conflict, `Invitation code ${code} already exists.`, 409);
    await audit.record(txCtx, {
      actor: input.actor,
      action: 'invite.create',
      subjectType: 'invitation_code',
      subjectId: code,
      before: null,
      after: { code, advisor: advisorName, active: true },
    });
    return { code, advisorName };
  });
}

export async function setActive(ctx: AppContext, input: { code: string; active: boolean; actor: string }) {
  return ctx.db.transaction(async (tx) => {
    const found = await repo.findInvite(tx, input.code);
    if (!found) throw new DomainError(ErrorCode.NotFound, `No invitation code ${input.code}.`, 404);
    await repo.setActive(tx, found.invite.code, input.active);
    await audit.record(
      { ...ctx, db: tx },
      {
        actor: input.actor,
        action: input.active ? 'invite.enable' : 'invite.disable',
        subjectType: 'invitation_code',
        subjectId: found.invite.code,
        before: { active: found.invite.active },
        after: { active: input.active },
      },
    );
    return found.invite.code;
  });
}

export async function list(ctx: AppContext) {
  const rows = await repo.listInvites(ctx.db);
  return rows.map((r) => ({ ...r.invite, advisorName: r.advisorName }));
}
