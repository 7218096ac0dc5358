import type { Project, ProjectType } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';

/** The spec's update payload: every field is sent, broker_id null clears the broker. */
export interface ProjectUpdatePayload {
  name: string;
  type: ProjectType;
  description: string;
  user_id: number;
  broker_id: number | null;
}

/** PUT /{role}/project/{id}. Saved together with the settings by `useSaveProjectDetails`. */
export async function updateProject(id: number, payload: ProjectUpdatePayload): Promise<Project> {
  const { project } = await roleApi().put<{ project: Project }>(`/project/${id}`, payload);
  return project;
}
