import type { ReactNode } from 'react';
import type { Apartment, ApartmentFields, Project, ProjectSettings } from '@planvy/shared';

export interface ApartmentFormSlot {
  apartment?: Apartment;
  defaults?: Partial<ApartmentFields>;
  onSaved: (apartment: Apartment) => void;
  onCancel: () => void;
  extraActions?: ReactNode;
}

export interface PlanViewerProps {
  project: Project;
  settings: ProjectSettings;
  apartments: Apartment[];
  isAdmin: boolean;
  /** The route renders the apartments feature's form here; features do not import each other. */
  renderApartmentForm: (slot: ApartmentFormSlot) => ReactNode;
}

/** Placeholder: the plan viewer and zone editor. */
export function PlanViewer(_props: PlanViewerProps) {
  return null;
}
