import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Project, type ProjectType, projectResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/query-keys';

export interface CreateProjectInput {
  name: string;
  type: ProjectType;
  description: string;
  user_id: number;
}

/** POST /admin/project/{user_id}: the owner is in the path and, as the spec sends it, in the body. */
export async function createProject(input: CreateProjectInput): Promise<Project> {
  const { project } = await api.post(`/admin/project/${input.user_id}`, projectResponseSchema, input);
  return project;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      return queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}
