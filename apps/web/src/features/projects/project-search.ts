import type { Project } from '@planvy/shared';

/**
 * Client-side search over name, description, the type's label (as shown, in the current language)
 * and the owner's name; every word must match somewhere.
 */
export function filterProjects(
  projects: readonly Project[],
  query: string,
  typeLabel: (type: Project['type']) => string,
): Project[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...projects];
  return projects.filter((project) => {
    const haystack = [
      project.name,
      project.description,
      typeLabel(project.type),
      `${project.user.first_name} ${project.user.last_name}`,
    ]
      .join('\n')
      .toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
