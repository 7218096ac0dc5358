/** Placeholder until the widget issue: shows which project this view is for. */
export function App() {
  const projectId = location.pathname.match(/\/view\/(\d+)/)?.[1];
  return (
    <main>
      <h1>Planvy</h1>
      <p>{projectId ? `Projekt ${projectId}` : 'Inget projekt valt'}</p>
    </main>
  );
}
