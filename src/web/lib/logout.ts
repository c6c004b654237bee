import { api } from './api';
import { session } from './app-session';
import { queryClient } from './query-client';

/** Revokes the token on the server (POST /api/logout), then ends the session in every tab. */
export async function logout(): Promise<void> {
  // The server answers with `Clear-Site-Data: "storage"`, which empties localStorage and with it
  // the settings; the reader's choices (the language) outlive a logout, so they are put back.
  const { settings } = session.getState();
  try {
    if (session.getState().auth.token) await api.request('/api/logout', { method: 'POST' });
  } catch {
    // The session ends locally even when the server cannot be reached or the token had expired.
  } finally {
    session.dispatch({ type: 'logout' });
    session.dispatch({ type: 'settings', settings });
    queryClient.clear();
  }
}
