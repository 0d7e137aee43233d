import { ErrorCode, envelope, type StaffPermission } from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { runOps } from '../../cli/run';
import { ok } from '../../lib/reply';
import { DomainError } from '../../plugins/errors';
import { staffOf } from '../../plugins/auth';
import { FILE_TYPES, contentDispositionOf, readFileForOperator } from '../uploads/uploads.service';

// Only the command: who runs it is the signed-in staff user (the session), never a field of the
// body, so the audit actor cannot be chosen by the caller (decision 0062).
const runBody = z.object({ argv: z.array(z.string().max(2000)).max(50) }).strict();

/**
 * Who may read an uploaded file, by what it was uploaded for: the read permission of each area
 * that shows it. Narrower than one permission for every file: a payments maker sees deposit
 * proofs but not ID images; a KYC reviewer the ID images but not proofs of payment.
 */
const FILE_READERS: Record<string, readonly StaffPermission[]> = {
  deposit_proof: ['deposits.read'],
  // The client's `image` uploads are KYC ID images and compensation claims' evidence.
  image: ['kyc.read', 'applications.read'],
  avatar: ['clients.read'],
};
/** A purpose not listed above: treated as an identity document. */
const DEFAULT_FILE_READERS: readonly StaffPermission[] = ['kyc.read'];

export function fileReadersOf(purpose: string): readonly StaffPermission[] {
  return FILE_READERS[purpose] ?? DEFAULT_FILE_READERS;
}

/** Staff routes of the ops CLI (on the ops app, prefix /ops): each needs a staff session. */
export async function opsRoutes(app: AppInstance) {
  app.post(
    '/v1/run',
    {
      // No permission at the route: every command declares its own, checked by runOps before it
      // runs (a command the user lacks it for → 403 naming the permission).
      config: { auth: 'staff' },
      schema: {
        tags: ['ops'],
        summary: 'Run an ops CLI command as the signed-in staff user (its own permission applies)',
        body: runBody,
        response: { 200: envelope(z.object({ output: z.string() })) },
      },
    },
    async (request) => {
      const output = await runOps(app.ctx, request.body.argv, staffOf(request));
      return ok({ output });
    },
  );

  app.get(
    '/v1/files/:id',
    {
      // Any staff session; the file's purpose decides the permission (FILE_READERS).
      config: { auth: 'staff', openapi: { produces: FILE_TYPES, errors: { 403: [ErrorCode.Forbidden] } } },
      schema: {
        tags: ['ops'],
        summary:
          'An uploaded file: KYC images and claim evidence (kyc.read or applications.read), deposit proofs (deposits.read), avatars (clients.read)',
        params: z.object({ id: z.string().max(64) }),
      },
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('cache-control', 'private, no-store');
        return payload;
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const file = await readFileForOperator(app.ctx, request.params.id);
      const readers = fileReadersOf(file.purpose);
      if (!readers.some((p) => staff.permissions.includes(p))) {
        throw new DomainError(
          ErrorCode.Forbidden,
          `This file needs the permission ${readers.join(' or ')}.`,
          403,
        );
      }
      return reply
        .type(file.mime)
        .header('content-disposition', contentDispositionOf(file))
        .send(file.content);
    },
  );
}
