/** Every URL of the app. Components link with `paths.x()`; the router matches `routePatterns.x`. */
type Id = number | string;

export const paths = {
  home: () => '/',
  login: () => '/login',
  account: () => '/account',
  dashboard: () => '/dashboard',
  projects: () => '/projects',
  users: () => '/users',
  user: (id: Id) => `/users/${encodeURIComponent(String(id))}`,
  userEdit: (id: Id) => `/users/${encodeURIComponent(String(id))}/edit`,
  userAdd: () => '/user-add',
} as const;

export const routePatterns = {
  home: '/',
  login: '/login',
  account: '/account',
  dashboard: '/dashboard',
  projects: '/projects',
  users: '/users',
  user: '/users/:id',
  userEdit: '/users/:id/edit',
  userAdd: '/user-add',
  notFound: '*',
} as const;
