import { projectKeys } from '../../../lib/query-keys';

/** Under the project's keys, so dropping a deleted project's queries drops these too. */
export const sunStudyKeys = {
  list: (projectId: number) => [...projectKeys.all, 'sun-study', projectId] as const,
};
