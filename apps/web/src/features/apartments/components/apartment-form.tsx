import type { Apartment, ApartmentFields, Project, ProjectSettings } from '@planvy/shared';

export interface ApartmentFormProps {
  project: Project;
  settings: ProjectSettings;
  isAdmin: boolean;
  /** The apartment to edit; absent to create a new one. */
  apartment?: Apartment;
  /** Initial values for a new apartment (e.g. file_name of the plan it is drawn on). */
  defaults?: Partial<ApartmentFields>;
  onSaved: (apartment: Apartment) => void;
  onCancel: () => void;
  /** Extra actions shown in the form's menu (the plan editor adds "Detach from zone"). */
  extraActions?: React.ReactNode;
}

/** Placeholder: the apartment form of the apartments issue. */
export function ApartmentForm(_props: ApartmentFormProps) {
  return null;
}
