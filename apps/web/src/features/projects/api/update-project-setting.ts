import type { ProjectSetting, ProjectSettingName } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';

/**
 * POST /{role}/settings/{projectId} {name, value}: one setting (admins only). The answer is the
 * stored, normalised value. Saved together with the project by `useSaveProjectDetails`.
 */
export function updateProjectSetting(
  projectId: number,
  name: ProjectSettingName,
  value: string,
): Promise<ProjectSetting> {
  return roleApi().post<ProjectSetting>(`/settings/${projectId}`, { name, value });
}
