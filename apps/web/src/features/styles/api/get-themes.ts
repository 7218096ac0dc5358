import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Theme, themesResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { styleKeys } from './query-keys';

/** GET /admin/styles: every saved theme, by name. */
export async function getThemes(signal?: AbortSignal): Promise<Theme[]> {
  const { themes } = await roleApi().get('/styles', themesResponseSchema, { signal });
  return themes;
}

export function getThemesQueryOptions(enabled = true) {
  return queryOptions({ queryKey: styleKeys.themes(), queryFn: ({ signal }) => getThemes(signal), enabled });
}

export function useThemes(enabled = true) {
  return useQuery(getThemesQueryOptions(enabled));
}
