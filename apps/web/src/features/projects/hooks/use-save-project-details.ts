import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectSetting, ProjectSettingName, ProjectSettingVersions } from '@planvy/shared';
import { projectKeys } from '../../../lib/query-keys';
import { withSavedSettings, type StoredSettings } from '../api/get-project-settings';
import { updateProject, type ProjectUpdatePayload } from '../api/update-project';
import { updateProjectSetting } from '../api/update-project-setting';
import type { SettingChange } from '../project-details-values';

export interface SaveDetailsInput {
  projectId: number;
  project: ProjectUpdatePayload | null;
  settings: SettingChange[];
  /** The versions the form was loaded from: a save over someone else's is refused (409). */
  versions: { project: number; settings: ProjectSettingVersions };
}

export type SaveFailure =
  { target: 'project'; error: unknown } | { target: 'setting'; name: ProjectSettingName; error: unknown };

export interface SaveDetailsResult {
  project: Project | null;
  settings: ProjectSetting[];
  failures: SaveFailure[];
}

/**
 * One Save for the Project tab: the project (PUT) and every changed setting (one POST each), all
 * in parallel. A failed request does not undo the others; the result says what was stored and
 * what failed, and the cache is updated with exactly what the server stored.
 */
export async function saveProjectDetails({
  projectId,
  project,
  settings,
  versions,
}: SaveDetailsInput): Promise<SaveDetailsResult> {
  // Both start at once; allSettled keeps one failure from hiding what the others stored.
  // Each setting has its own version, so the parallel writes never refuse each other.
  const projectSave = Promise.allSettled(
    project ? [updateProject(projectId, project, versions.project)] : [],
  );
  const settingSaves = Promise.allSettled(
    settings.map((s) => updateProjectSetting(projectId, s.name, s.value, versions.settings[s.name])),
  );
  const [[projectOutcome], settingOutcomes] = await Promise.all([projectSave, settingSaves]);

  const result: SaveDetailsResult = { project: null, settings: [], failures: [] };
  if (projectOutcome?.status === 'fulfilled') result.project = projectOutcome.value;
  else if (projectOutcome) result.failures.push({ target: 'project', error: projectOutcome.reason });
  settingOutcomes.forEach((outcome, i) => {
    const name = settings[i]?.name;
    if (!name) return;
    if (outcome.status === 'fulfilled') result.settings.push(outcome.value);
    else result.failures.push({ target: 'setting', name, error: outcome.reason });
  });
  return result;
}

export function useSaveProjectDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProjectDetails,
    onSuccess: (result, input) => {
      if (result.settings.length > 0) {
        queryClient.setQueryData<StoredSettings>(projectKeys.settings(input.projectId), (old) =>
          withSavedSettings(old, result.settings),
        );
      }
      if (result.project) {
        const previous = queryClient.getQueryData<Project>(projectKeys.detail(input.projectId));
        queryClient.setQueryData(projectKeys.detail(input.projectId), result.project);
        // The list shows name, description, type and owner.
        void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
        // The iframe snippet carries the project name as its title.
        if (previous?.name !== result.project.name) {
          void queryClient.invalidateQueries({ queryKey: projectKeys.code(input.projectId) });
        }
      }
    },
  });
}
