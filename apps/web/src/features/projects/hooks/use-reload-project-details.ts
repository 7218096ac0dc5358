import { useQueryClient } from '@tanstack/react-query';
import { getProjectQueryOptions } from '../api/get-project';
import { getProjectSettingsQueryOptions } from '../api/get-project-settings';

/** Reads the project and its settings from the server now (after a 409), into the cache and back to the caller. */
export function useReloadProjectDetails(projectId: number) {
  const queryClient = useQueryClient();
  return async () => {
    const [project, settings] = await Promise.all([
      queryClient.fetchQuery({ ...getProjectQueryOptions(projectId), staleTime: 0 }),
      queryClient.fetchQuery({ ...getProjectSettingsQueryOptions(projectId), staleTime: 0 }),
    ]);
    return { project, settings };
  };
}
