import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROJECT_SETTING_NAMES, type ProjectSettingName, type ProjectSettings } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';
import { isProjectId } from './get-project';

/** The 15 settings, read in parallel as spec §9 says (one GET per setting). */
export async function getProjectSettings(projectId: number, signal?: AbortSignal): Promise<ProjectSettings> {
  const entries = await Promise.all(
    PROJECT_SETTING_NAMES.map(async (name: ProjectSettingName) => {
      const setting = await roleApi().get<{ name: ProjectSettingName; value: string }>(
        `/settings/${projectId}`,
        {
          query: { name },
          signal,
        },
      );
      return [name, setting.value] as const;
    }),
  );
  return Object.fromEntries(entries) as ProjectSettings;
}

export function getProjectSettingsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.settings(projectId),
    queryFn: ({ signal }) => getProjectSettings(projectId, signal),
    enabled: isProjectId(projectId),
  });
}

export function useProjectSettings(projectId: number) {
  return useQuery(getProjectSettingsQueryOptions(projectId));
}
