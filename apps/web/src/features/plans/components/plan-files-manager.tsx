/** Placeholder: upload, reorder, delete and background images (SVG images tab). */
export function PlanFilesManager(_props: { projectId: number }) {
  return null;
}
