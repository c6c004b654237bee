import { createApiClient } from './api-client';
import { session } from './app-session';
import { i18n } from './i18n';
import { takePrefetched } from './prefetch';

/** The app's API client: bearer token from the session; a 401 ends the session (the guard then shows /login). */
export const api = createApiClient({
  getToken: () => session.getState().auth.token,
  onUnauthenticated: () => session.dispatch({ type: 'logout' }),
  getLanguage: () => i18n.resolvedLanguage ?? session.getState().settings.language,
  takePrefetched: (path, headers) => takePrefetched(window.__prefetch, path, headers, performance.now()),
});
