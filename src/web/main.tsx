import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { RenderErrorBoundary } from './features/errors/render-error-boundary';
import { session } from './lib/app-session';
import { initI18n } from './lib/i18n';
import { setNavigationTarget } from './lib/lazy-module';
import { getRootElement } from './lib/mount';

async function start() {
  const container = getRootElement(document);
  try {
    await initI18n({ language: session.getState().settings.language });
  } catch (error) {
    // Without translations the app still starts; the fallback page shows Dutch defaults.
    console.warn('Translations could not be loaded', error);
  }
  const router = createBrowserRouter(routes);
  setNavigationTarget(() => {
    const target = router.state.navigation.location;
    return target ? router.createHref(target) : null;
  });
  createRoot(container).render(
    <StrictMode>
      <RenderErrorBoundary>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </RenderErrorBoundary>
    </StrictMode>,
  );
}

void start();
