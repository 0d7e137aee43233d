import {
  client360,
  clientNote,
  clientNoteBody,
  clientDashboardView,
  clientFlagEvent,
  clientNotesList,
  clientSearchQuery,
  clientSearchResult,
  envelope,
  ErrorCode,
  okResult,
  withdrawalsBlockedBody,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { staffActor } from '../staff/staff.service';
import * as c360 from './client-360.service';
import * as flags from './client-flags.service';
import * as clients from './client.service';

const E = ErrorCode;
const tags = ['client 360'];
const clientParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The client 360 under /ops/v1 on the ops app (decision 0061): reads, ending a session, notes. */
export async function clientStaffRoutes(app: AppInstance) {
  const { ctx } = app;

  app.get(
    '/v1/clients',
    {
      config: { auth: 'staff', permission: 'clients.read' },
      schema: {
        tags,
        summary: 'Find clients by client id, or the start of a mobile or a name',
        querystring: clientSearchQuery,
        response: { 200: envelope(clientSearchResult) },
      },
    },
    async (request) => {
      const rows = await clients.searchClients(ctx, request.query.query);
      return ok({
        items: rows.map((r) => ({
          id: r.id,
          displayName: r.displayName,
          mobile: r.mobile,
          kycStatus: r.kycStatus,
          createdAt: r.createdAt.toISOString(),
        })),
      });
    },
  );

  app.get(
    '/v1/clients/:id',
    {
      config: { auth: 'staff', permission: 'clients.read' },
      schema: {
        tags,
        summary:
          'Client 360: profile, KYC, accounts, ledger lines, orders, positions, sessions, flags, audit, notes',
        params: clientParams,
        response: { 200: envelope(client360) },
      },
    },
    async (request) => ok(await c360.client360(ctx, request.params.id)),
  );

  app.post(
    '/v1/clients/:id/sessions/:sessionId/end',
    {
      config: {
        auth: 'staff',
        permission: 'clients.sessions.end',
        openapi: { errors: { 404: [E.NotFound] } },
      },
      schema: {
        tags,
        summary: 'End one of the client’s sessions (the client is signed out there); audited',
        params: clientParams.extend({ sessionId: z.string().uuid() }),
        response: { 200: envelope(okResult) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      await c360.endClientSession(ctx, request.params.id, request.params.sessionId, {
        actor: staffActor(staff),
        staffId: staff.id,
      });
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/v1/clients/:id/notes',
    {
      config: { auth: 'staff', permission: 'clients.read' },
      schema: {
        tags,
        summary: 'Staff notes on the client, newest first',
        params: clientParams,
        response: { 200: envelope(clientNotesList) },
      },
    },
    async (request) => ok({ items: await c360.notesOf(ctx, request.params.id) }),
  );

  app.post(
    '/v1/clients/:id/notes',
    {
      config: { auth: 'staff', permission: 'clients.note', openapi: { errors: { 404: [E.NotFound] } } },
      schema: {
        tags,
        summary: 'Add a staff note on the client (notes are append-only); audited',
        params: clientParams,
        body: clientNoteBody,
        response: { 200: envelope(clientNote) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return ok(
        await c360.addNote(ctx, {
          clientId: request.params.id,
          staffId: staff.id,
          body: request.body.body,
          actor: staffActor(staff),
        }),
      );
    },
  );

  app.put(
    '/v1/clients/:id/flags/withdrawals-blocked',
    {
      config: {
        auth: 'staff',
        permission: 'clients.flags.set',
        openapi: { errors: { 404: [E.NotFound], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary:
          'Block or unblock the client’s withdrawals, with a reason (requests refused, pending ones not paid); audited',
        params: clientParams,
        body: withdrawalsBlockedBody,
        response: { 200: envelope(clientFlagEvent) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return ok(
        await flags.setWithdrawalsBlocked(ctx, {
          clientId: request.params.id,
          blocked: request.body.blocked,
          reason: request.body.reason,
          staffId: staff.id,
          actor: staffActor(staff),
        }),
      );
    },
  );

  app.get(
    '/v1/clients/:id/dashboard',
    {
      config: { auth: 'staff', permission: 'clients.view_as', openapi: { errors: { 404: [E.NotFound] } } },
      schema: {
        tags,
        summary:
          'View as client: the client’s Dashboard figures, read-only, as the client’s own routes answer them; audited',
        params: clientParams,
        response: { 200: envelope(clientDashboardView) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return ok(
        await c360.clientDashboard(ctx, request.params.id, { actor: staffActor(staff), staffId: staff.id }),
      );
    },
  );
}
