import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ProjectSetting,
  type ProjectSettings,
  type ProjectSettingVersions,
  projectSettingsResponseSchema,
} from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';
import { isProjectId } from './get-project';

/** The settings as stored, and each one's version (0 for one never written). */
export interface StoredSettings {
  values: ProjectSettings;
  versions: ProjectSettingVersions;
}

/**
 * The settings, all of them in one GET (ADR 045): spec §9's one GET per setting, in parallel,
 * took 30 requests per project page by now, each re-rendering the page as it came in. The
 * per-name read stays on the API for whoever calls it so.
 */
export async function getProjectSettings(projectId: number, signal?: AbortSignal): Promise<StoredSettings> {
  const stored = await roleApi().get(`/settings/${projectId}`, projectSettingsResponseSchema, { signal });
  return { values: stored.settings, versions: stored.versions };
}

/** Puts settings the server stored (its answers to writes) into the cached copy. */
export function withSavedSettings(old: StoredSettings | undefined, saved: readonly ProjectSetting[]) {
  if (!old || saved.length === 0) return old;
  return {
    values: { ...old.values, ...Object.fromEntries(saved.map((s) => [s.name, s.value])) },
    versions: { ...old.versions, ...Object.fromEntries(saved.map((s) => [s.name, s.version])) },
  };
}

export function getProjectSettingsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.settings(projectId),
    queryFn: ({ signal }) => getProjectSettings(projectId, signal),
    enabled: isProjectId(projectId),
  });
}

const selectValues = (stored: StoredSettings) => stored.values;

/** The settings' values, for everything that only shows or applies them. */
export function useProjectSettings(projectId: number) {
  return useQuery({ ...getProjectSettingsQueryOptions(projectId), select: selectValues });
}

/** Values and versions, for the form that writes them. */
export function useStoredProjectSettings(projectId: number) {
  return useQuery(getProjectSettingsQueryOptions(projectId));
}
