import { useMutation } from '@tanstack/react-query';
import { roleApi, type DownloadedFile } from '../../../lib/api-client';

export interface ExportApartmentsInput {
  projectId: number;
  /** Headers, status labels and decimal separator follow the UI language. */
  lang: 'sv' | 'en';
}

/** GET /{role}/apartments/{projectId}/export: a UTF-16LE, tab-separated CSV that Excel opens in any locale. */
export function exportApartments({ projectId, lang }: ExportApartmentsInput): Promise<DownloadedFile> {
  return roleApi().download(`/apartments/${projectId}/export`, { query: { lang } });
}

export function useExportApartments() {
  return useMutation({ mutationFn: exportApartments });
}

export interface ExportPriceHistoryInput extends ExportApartmentsInput {
  format: 'csv' | 'json';
}

/** GET /{role}/apartments/{projectId}/prices/export: every price and fee change, oldest first. */
export function exportPriceHistory({
  projectId,
  lang,
  format,
}: ExportPriceHistoryInput): Promise<DownloadedFile> {
  return roleApi().download(`/apartments/${projectId}/prices/export`, { query: { lang, format } });
}

export function useExportPriceHistory() {
  return useMutation({ mutationFn: exportPriceHistory });
}
