import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { paths } from '../config/paths';
import { setUnauthorizedHandler } from '../lib/api-client';
import { getSession } from '../lib/auth';
import { routes } from './route-tree';

export const router = createBrowserRouter(routes);

// Any 401 outside the login form ends the session (the API client clears it) and lands on the login page;
// an ended "log in as" session lands back in the admin's own, on the users page.
setUnauthorizedHandler(() => {
  const target = getSession() ? paths.users() : paths.login();
  if (router.state.location.pathname !== target) void router.navigate(target, { replace: true });
});

export function AppRouter() {
  // Without transitions the page renders as soon as the URL changes, so the address bar and the DOM never disagree.
  return <RouterProvider router={router} useTransitions={false} />;
}
