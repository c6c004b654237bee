import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '../../contract/users';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { session } from '../lib/app-session';

/** Renders the whole app (real routes, guards and layouts) at `path`, optionally signed in. */
export function renderApp(
  path: string | { pathname: string; state?: unknown },
  options: { user?: User; token?: string } = {},
) {
  if (options.user) session.dispatch({ type: 'login', user: options.user, token: options.token ?? 'test-token' });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
