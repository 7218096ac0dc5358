import { projectKeys } from '../../../lib/query-keys';

/**
 * Keys of the apartments feature. History lives under the project's apartments key, so
 * invalidating `projectKeys.apartments(projectId)` refreshes both; after a save only the
 * histories are read again (`histories`), the list takes the saved rows from the answer.
 */
export const apartmentKeys = {
  histories: (projectId: number) => [...projectKeys.apartments(projectId), 'history'] as const,
  history: (projectId: number, apartmentId: number) =>
    [...apartmentKeys.histories(projectId), apartmentId] as const,
};
