import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  releaseResponseSchema,
  releaseRunResponseSchema,
  type Release,
  type ReleaseCreate,
  type ReleaseRun,
  type ReleaseUpdate,
} from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { putRelease, releaseKeys } from './get-releases';

/** POST /releases/{projectId}: a new release in draft. */
export async function createRelease(projectId: number, body: ReleaseCreate): Promise<Release> {
  return (await roleApi().post(`/releases/${projectId}`, releaseResponseSchema, body)).release;
}

/** PUT /releases/{projectId}/{id}, then PUT …/apartments when they changed. */
export async function updateRelease(
  projectId: number,
  release: Release,
  body: ReleaseUpdate,
  apartmentIds: number[],
): Promise<Release> {
  const base = `/releases/${projectId}/${release.id}`;
  let saved = (await roleApi().put(base, releaseResponseSchema, { ...body, version: release.version }))
    .release;
  const same =
    apartmentIds.length === saved.apartment_ids.length &&
    [...apartmentIds].sort((a, b) => a - b).every((id, i) => id === saved.apartment_ids[i]);
  if (!same)
    saved = (
      await roleApi().put(`${base}/apartments`, releaseResponseSchema, {
        apartment_ids: apartmentIds,
        version: saved.version,
      })
    ).release;
  return saved;
}

export type ReleaseSave =
  | { release?: undefined; body: ReleaseCreate }
  | { release: Release; body: ReleaseUpdate; apartmentIds: number[] };

export function useSaveRelease(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ReleaseSave) =>
      save.release
        ? updateRelease(projectId, save.release, save.body, save.apartmentIds)
        : createRelease(projectId, save.body),
    onSuccess: (release) =>
      queryClient.setQueryData<Release[]>(releaseKeys.list(projectId), (list) => putRelease(list, release)),
  });
}

/** The buttons of a release: the next step, pause and resume, run (again) and approve. */
export type ReleaseAction = 'step' | 'pause' | 'resume' | 'run' | 'approve';

export async function releaseAction(
  projectId: number,
  release: Release,
  action: ReleaseAction,
): Promise<{ release: Release; run?: ReleaseRun | null }> {
  const url = `/releases/${projectId}/${release.id}/${action}`;
  if (action === 'run') return roleApi().post(url, releaseRunResponseSchema);
  if (action === 'approve')
    return roleApi().post(url, releaseRunResponseSchema, { version: release.version });
  const body =
    action === 'step' ? { from: release.state, version: release.version } : { version: release.version };
  return roleApi().post(url, releaseResponseSchema, body);
}

export function useReleaseAction(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ release, action }: { release: Release; action: ReleaseAction }) =>
      releaseAction(projectId, release, action),
    onSuccess: (answer) => {
      queryClient.setQueryData<Release[]>(releaseKeys.list(projectId), (list) =>
        putRelease(list, answer.release),
      );
      if (answer.run !== undefined)
        queryClient.setQueryData(releaseKeys.run(projectId, answer.release.id), answer.run);
    },
  });
}
