import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { prefetchFirstPlan } from '../features/plans/api/get-plan-markup';
import { getApartmentsQueryOptions } from '../features/apartments/api/get-apartments';
import { getProjectQueryOptions, isProjectId } from '../features/projects/api/get-project';
import { getProjectSettingsQueryOptions } from '../features/projects/api/get-project-settings';
import { getProjectStylesQueryOptions } from '../features/styles/api/get-project-styles';
import { getSession } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { paths, routePatterns } from '../config/paths';
import { GuestOnly, RequireAdmin, RequireAuth, RequireStatistic } from './guards';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/**
 * The project page's reads, started on navigation while the page's code loads (not
 * awaited: the page shows its own loading states): the page waits for the project, its
 * settings and styles, and the Project tab's plan (list, then markup) is its biggest read.
 * Each goes into the cache the page's hooks read, so nothing is read twice.
 */
function startProjectReads(id: number, tab: string | null) {
  if (!getSession() || !isProjectId(id)) return;
  const onTab = !tab || tab === 'project';
  void queryClient.prefetchQuery(getProjectQueryOptions(id));
  void queryClient.prefetchQuery(getProjectStylesQueryOptions(id));
  void queryClient.prefetchQuery(getProjectSettingsQueryOptions(id));
  if (!onTab) return;
  // The plan's markup is asked for before the apartments (the server's slowest answer here),
  // so it is not served after them.
  const apartments = () => void queryClient.prefetchQuery(getApartmentsQueryOptions(id));
  prefetchFirstPlan(queryClient, id).then(apartments, apartments);
}

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
        children: [
          { path: routePatterns.login, lazy: page(() => import('./routes/login'), 'LoginRoute') },
          {
            path: routePatterns.forgotPassword,
            lazy: page(() => import('./routes/forgot-password'), 'ForgotPasswordRoute'),
          },
        ],
      },
      // The mail's link works whoever is signed in in this browser.
      {
        path: routePatterns.resetPassword,
        lazy: page(() => import('./routes/reset-password'), 'ResetPasswordRoute'),
      },
      {
        path: routePatterns.setPassword,
        lazy: page(() => import('./routes/set-password'), 'SetPasswordRoute'),
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
            loader: ({ params, request }) => {
              startProjectReads(Number(params.id), new URL(request.url).searchParams.get('tab'));
              return null;
            },
            lazy: page(() => import('./routes/projects/project'), 'ProjectRoute'),
          },
          {
            path: routePatterns.releaseConsole,
            lazy: page(() => import('./routes/projects/release-console'), 'ReleaseConsoleRoute'),
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
              { path: routePatterns.mailLog, lazy: page(() => import('./routes/mail-log'), 'MailLogRoute') },
            ],
          },
        ],
      },
      { path: routePatterns.notFound, lazy: page(() => import('./routes/not-found'), 'NotFoundRoute') },
    ],
  },
];
