import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { RenderErrorBoundary } from './features/errors/render-error-boundary';
import { session } from './lib/app-session';
import { firstPageShown } from './lib/first-page';
import { initI18n } from './lib/i18n';
import { setNavigationTarget } from './lib/lazy-module';
import { getRootElement } from './lib/mount';
import { startServiceWorker } from './lib/service-worker';

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
  whenInitialized(router, firstPageShown);
  // The installable app's worker: the shell offline, push notices, updates at the next navigation.
  startServiceWorker(router);
  // Not in a transition: RouterProvider subscribes to the router in a layout effect, so a router
  // update that landed while a time-sliced first render had yielded would be lost (the page would
  // stay on its loading state). This render is small (the router is still loading the page's
  // modules and data); the router shows the page in a transition of its own, in slices.
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

function whenInitialized(router: ReturnType<typeof createBrowserRouter>, callback: () => void): void {
  if (router.state.initialized) return callback();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    callback();
  });
}

void start();
