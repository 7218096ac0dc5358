import type { Project, ProjectSettings } from '@planvy/shared';

/** Placeholder: name, type, description, owner, broker and the 15 settings. */
export function ProjectDetailsForm(_props: {
  project: Project;
  settings: ProjectSettings;
  isAdmin: boolean;
}) {
  return null;
}
