import { useMutation } from '@tanstack/react-query';
import type { Language } from '@planvy/shared';
import { roleApi, type DownloadedFile } from '../../../lib/api-client';
import type { InterestFilters } from './get-interest-list';

export interface ExportInterestInput {
  projectId: number;
  filters: InterestFilters;
  /** Headers and words follow the UI language. */
  lang: Language;
}

/** GET /interest/{projectId}/export: the list as filtered, a formula-safe CSV that Excel opens. */
export function exportInterest({ projectId, filters, lang }: ExportInterestInput): Promise<DownloadedFile> {
  return roleApi().download(`/interest/${projectId}/export`, { query: { ...filters, lang } });
}

export function useExportInterest() {
  return useMutation({ mutationFn: exportInterest });
}
