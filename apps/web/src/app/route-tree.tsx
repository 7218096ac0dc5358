import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { paths, routePatterns } from '../config/paths';
import { GuestOnly, RequireAdmin, RequireAuth, RequireStatistic } from './guards';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/** Route-level code splitting: each page is its own chunk, loaded when first visited. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      { path: routePatterns.home, element: <Navigate to={paths.projects()} replace /> },
      {
        element: <GuestOnly />,
        children: [{ path: routePatterns.login, lazy: page(() => import('./routes/login'), 'LoginRoute') }],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: routePatterns.account, lazy: page(() => import('./routes/account'), 'AccountRoute') },
          {
            path: routePatterns.projects,
            lazy: page(() => import('./routes/projects/projects'), 'ProjectsRoute'),
          },
          {
            path: routePatterns.project,
            lazy: page(() => import('./routes/projects/project'), 'ProjectRoute'),
          },
          {
            element: <RequireStatistic />,
            children: [
              {
                path: routePatterns.dashboard,
                lazy: page(() => import('./routes/dashboard'), 'DashboardRoute'),
              },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              { path: routePatterns.users, lazy: page(() => import('./routes/users/users'), 'UsersRoute') },
              { path: routePatterns.user, lazy: page(() => import('./routes/users/user'), 'UserRoute') },
              {
                path: routePatterns.userEdit,
                lazy: page(() => import('./routes/users/user-edit'), 'UserEditRoute'),
              },
              {
                path: routePatterns.projectAdd,
                lazy: page(() => import('./routes/projects/project-add'), 'ProjectAddRoute'),
              },
              {
                path: routePatterns.userAdd,
                lazy: page(() => import('./routes/users/user-add'), 'UserAddRoute'),
              },
              { path: routePatterns.audit, lazy: page(() => import('./routes/audit'), 'AuditRoute') },
            ],
          },
        ],
      },
      { path: routePatterns.notFound, lazy: page(() => import('./routes/not-found'), 'NotFoundRoute') },
    ],
  },
];
