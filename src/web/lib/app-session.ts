import { useSyncExternalStore } from 'react';
import { createSessionStore, type SessionState } from './session';

/** The browser session of this tab (localStorage key `state`, synced with the other tabs). */
export const session = createSessionStore(window.localStorage, window);

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useSyncExternalStore(session.subscribe, () => selector(session.getState()));
}

export const selectUser = (state: SessionState) => state.user;
export const selectToken = (state: SessionState) => state.auth.token;
export const selectSettings = (state: SessionState) => state.settings;
