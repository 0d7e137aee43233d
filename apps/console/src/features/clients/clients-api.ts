import { client360, clientNote, clientSearchResult, okResult } from '@imali/contract';
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
