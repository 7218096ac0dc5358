/** Placeholder: the embed snippets with copy buttons. */
export function CodeSnippet(_props: { projectId: number }) {
  return null;
}
