import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from './error-page';
import { RenderErrorBoundary } from './render-error-boundary';
import { RouterErrorPage } from './router-error-page';

function Boom({ message }: { message: string }): never {
  throw new Error(message);
}

function quietly() {
  // React and React Router report caught errors on the console; these tests cause them on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

describe('failure screens', () => {
  it('the error page of a route shows its translated title and the error text, inside the layout', async () => {
    quietly();
    const router = createMemoryRouter([
      {
        element: (
          <div>
            <p>layout</p>
            <Outlet />
          </div>
        ),
        children: [
          { errorElement: <ErrorPage />, children: [{ path: '/', element: <Boom message="De tabel is stuk" /> }] },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Er is iets misgegaan' })).toBeInTheDocument();
    expect(screen.getByText('De tabel is stuk')).toBeInTheDocument();
    expect(screen.getByText('layout')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Pagina opnieuw laden' })).toBeInTheDocument();
  });

  it("the router's default error page reads 'Er is een onverwachte fout opgetreden'", async () => {
    quietly();
    const router = createMemoryRouter([
      { path: '/', errorElement: <RouterErrorPage />, element: <Boom message="layout kapot" /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Er is een onverwachte fout opgetreden' })).toBeInTheDocument();
    expect(screen.getByText('layout kapot')).toBeInTheDocument();
  });

  it('shows a 404 route response as status text', async () => {
    quietly();
    const router = createMemoryRouter([{ path: '/', errorElement: <RouterErrorPage />, element: <p>home</p> }], {
      initialEntries: ['/nergens'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
  });

  it('any rendering error outside the router shows the fallback page', () => {
    quietly();
    render(
      <RenderErrorBoundary>
        <Boom message="provider kapot" />
      </RenderErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Er is iets misgegaan' })).toBeInTheDocument();
    expect(screen.getByText('provider kapot')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagina opnieuw laden' })).toBeInTheDocument();
  });
});
