import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AuditPage, type AuditQuery, auditPageSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';

export const auditKeys = {
  all: ['audit'] as const,
  page: (query: AuditQuery) => [...auditKeys.all, query] as const,
};

export function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return api.get('/admin/audit', auditPageSchema, {
    signal,
    query: { user: query.user, project: query.project, from: query.from, to: query.to, before: query.before },
  });
}

export function getAuditQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: auditKeys.page(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    // A log moves on; show the page as it is now whenever it is opened again.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAudit(query: AuditQuery) {
  return useQuery(getAuditQueryOptions(query));
}
