/** Keys of the styles feature's data: a project's own styles and the saved themes. */
export const styleKeys = {
  project: (projectId: number) => ['styles', 'project', projectId] as const,
  themes: () => ['styles', 'themes'] as const,
};
