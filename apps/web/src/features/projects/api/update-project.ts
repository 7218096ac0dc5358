import { type Project, type ProjectType, projectResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';

/** The spec's update payload: every field is sent, broker_id null clears the broker. */
export interface ProjectUpdatePayload {
  name: string;
  type: ProjectType;
  description: string;
  user_id: number;
  broker_id: number | null;
}

/**
 * PUT /{role}/project/{id} with the version the form was loaded from: if someone else saved
 * in between, the server refuses with 409. Saved together with the settings by
 * `useSaveProjectDetails`.
 */
export async function updateProject(
  id: number,
  payload: ProjectUpdatePayload,
  version: number,
): Promise<Project> {
  const { project } = await roleApi().put(`/project/${id}`, projectResponseSchema, { ...payload, version });
  return project;
}
