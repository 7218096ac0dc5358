import type { Project, ProjectSettings } from '@planvy/shared';

export interface ApartmentsPanelProps {
  project: Project;
  settings: ProjectSettings;
  isAdmin: boolean;
  /** Opens an apartment in the form dialog (the route owns the dialog so the plan editor can share it). */
  onOpenApartment?: (apartmentId: number) => void;
}

/** Placeholder: the apartments table, mass actions, detached view, import and export. */
export function ApartmentsPanel(_props: ApartmentsPanelProps) {
  return null;
}
