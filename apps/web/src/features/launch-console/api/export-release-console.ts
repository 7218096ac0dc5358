import { useMutation } from '@tanstack/react-query';
import type { Language } from '@planvy/shared';
import { roleApi, type DownloadedFile } from '../../../lib/api-client';

/** GET /{role}/releases/{id}/console/export: offers and homes as a formula-safe CSV for Excel. */
export function exportReleaseConsole({
  releaseId,
  lang,
}: {
  releaseId: number;
  lang: Language;
}): Promise<DownloadedFile> {
  return roleApi().download(`/releases/${releaseId}/console/export`, { query: { lang } });
}

export function useExportReleaseConsole() {
  return useMutation({ mutationFn: exportReleaseConsole });
}
