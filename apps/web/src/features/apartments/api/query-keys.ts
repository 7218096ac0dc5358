import { projectKeys } from '../../../lib/query-keys';

/**
 * Keys of the apartments feature. History lives under the project's apartments key, so
 * invalidating `projectKeys.apartments(projectId)` after a save refreshes both.
 */
export const apartmentKeys = {
  history: (projectId: number, apartmentId: number) =>
    [...projectKeys.apartments(projectId), 'history', apartmentId] as const,
};
