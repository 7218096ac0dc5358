import { type ProjectSetting, type ProjectSettingName, projectSettingSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';

/**
 * POST /{role}/settings/{projectId} {name, value, version}: one setting (admins only), with the
 * version it was loaded at (409 when someone else wrote it since). The answer is the stored,
 * normalised value and its new version. Saved together with the project by `useSaveProjectDetails`.
 */
export function updateProjectSetting(
  projectId: number,
  name: ProjectSettingName,
  value: string,
  version: number,
): Promise<ProjectSetting> {
  return roleApi().post(`/settings/${projectId}`, projectSettingSchema, { name, value, version });
}
