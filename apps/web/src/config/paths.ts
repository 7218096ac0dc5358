/** Every URL of the app. Components link with `paths.x()`; the router matches `routePatterns.x`. */
type Id = number | string;

export const paths = {
  home: () => '/',
  login: () => '/login',
  forgotPassword: () => '/forgot-password',
  /** The link in the reset mail (built by the API: apps/api/src/modules/auth/password-reset.ts). */
  resetPassword: () => '/reset-password',
  /** The link in the invitation mail (built by the API: apps/api/src/modules/users/invitations.ts). */
  setPassword: () => '/set-password',
  account: () => '/account',
  dashboard: () => '/dashboard',
  projects: () => '/projects',
  project: (id: Id) => `/projects/${encodeURIComponent(String(id))}`,
  /** With `clientId`: the form opens with that client chosen (back from adding one). */
  /** A release's launch console, full screen (ADR 042). */
  releaseConsole: (projectId: Id, releaseId: Id) =>
    `/projects/${encodeURIComponent(String(projectId))}/releases/${encodeURIComponent(String(releaseId))}/console`,
  projectAdd: (clientId?: Id) =>
    clientId === undefined ? '/project-add' : `/project-add?client=${encodeURIComponent(String(clientId))}`,
  /** The public widget, outside this app. */
  widget: (id: Id) => `/view/${encodeURIComponent(String(id))}`,
  users: () => '/users',
  user: (id: Id) => `/users/${encodeURIComponent(String(id))}`,
  userEdit: (id: Id) => `/users/${encodeURIComponent(String(id))}/edit`,
  /** `forProject`: a client added from the project form, who goes back to it once saved. */
  userAdd: (forProject = false) => (forProject ? '/user-add?for=project' : '/user-add'),
  audit: () => '/audit',
  mailLog: () => '/mail',
} as const;

export const routePatterns = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  setPassword: '/set-password',
  account: '/account',
  dashboard: '/dashboard',
  projects: '/projects',
  project: '/projects/:id',
  releaseConsole: '/projects/:projectId/releases/:releaseId/console',
  projectAdd: '/project-add',
  users: '/users',
  user: '/users/:id',
  userEdit: '/users/:id/edit',
  userAdd: '/user-add',
  audit: '/audit',
  mailLog: '/mail',
  notFound: '*',
} as const;
