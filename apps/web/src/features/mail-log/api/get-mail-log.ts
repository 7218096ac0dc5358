import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MailLogPage, type MailLogQuery, mailLogPageSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';

export const mailLogKeys = {
  all: ['mail-log'] as const,
  page: (query: MailLogQuery) => [...mailLogKeys.all, query] as const,
};

export function getMailLog(query: MailLogQuery, signal?: AbortSignal): Promise<MailLogPage> {
  return api.get('/admin/mail', mailLogPageSchema, {
    signal,
    query: { project: query.project, status: query.status, before: query.before },
  });
}

export function getMailLogQueryOptions(query: MailLogQuery) {
  return queryOptions({
    queryKey: mailLogKeys.page(query),
    queryFn: ({ signal }) => getMailLog(query, signal),
    // Statuses move on as the outbox sends; show them as they are now whenever the page is opened.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useMailLog(query: MailLogQuery) {
  return useQuery(getMailLogQueryOptions(query));
}
