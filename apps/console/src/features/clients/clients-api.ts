import {
  applicationSwitches,
  client360,
  clientDashboardView,
  clientFlagEvent,
  clientNote,
  clientSearchResult,
  okResult,
  type ApplicationSwitchBody,
  type WithdrawalsBlockedBody,
} from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const clientSearch = (query: string) =>
  queryOptions({
    queryKey: ['clients', 'search', query],
    queryFn: ({ signal }) => api('/clients', { schema: clientSearchResult, signal, query: { query } }),
    enabled: query.trim().length > 0,
  });

export const clientDetail = (clientId: number) =>
  queryOptions({
    queryKey: ['clients', clientId],
    queryFn: ({ signal }) => api(`/clients/${clientId}`, { schema: client360, signal }),
  });

export const addNote = (clientId: number, body: string) =>
  api(`/clients/${clientId}/notes`, { method: 'POST', schema: clientNote, body: { body } });

export const endClientSession = (clientId: number, sessionId: string) =>
  api(`/clients/${clientId}/sessions/${encodeURIComponent(sessionId)}/end`, {
    method: 'POST',
    schema: okResult,
  });

/** Block or unblock the client's withdrawals, with a reason (clients.flags.set; decision 0065). */
export const setWithdrawalsBlocked = (clientId: number, body: WithdrawalsBlockedBody) =>
  api(`/clients/${clientId}/flags/withdrawals-blocked`, { method: 'PUT', schema: clientFlagEvent, body });

/** Turn one application switch on or off, with a reason (clients.flags.set; audited). */
export const setApplicationSwitch = (clientId: number, body: ApplicationSwitchBody) =>
  api(`/clients/${clientId}/flags/applications`, { method: 'PUT', schema: applicationSwitches, body });

/**
 * "View as client" (clients.view_as): the client's Dashboard figures. Each fetch is one audited
 * view on the server: fetched each time the page opens (nothing kept once it closes), never behind
 * the user's back (no retry, no refetch on focus).
 */
export const clientDashboard = (clientId: number) =>
  queryOptions({
    queryKey: ['client-dashboard', clientId],
    queryFn: ({ signal }) => api(`/clients/${clientId}/dashboard`, { schema: clientDashboardView, signal }),
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
