import { z } from 'zod';
import { UserSchema, type User } from '../../contract/users';

/** The languages of the translation layer; Dutch is the default and fallback. */
export const LANGUAGES = ['nl-NL', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl-NL';

export type Settings = { language?: Language } & Record<string, unknown>;

/** Client-side session state, kept in localStorage under {@link STORAGE_KEY}. */
export type SessionState = {
  settings: Settings;
  user: User | null;
  auth: { token: string | null };
};

export type SessionAction =
  | { type: 'clear' }
  | { type: 'login'; user: User; token: string }
  | { type: 'logout' }
  | { type: 'updateUser'; user: Partial<User> }
  | { type: 'settings'; settings: Partial<Settings> };

export const STORAGE_KEY = 'state';

export const initialSessionState: SessionState = { settings: {}, user: null, auth: { token: null } };

/** The reducer; any other action type throws. */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'clear':
      return { settings: {}, user: null, auth: { token: null } };
    case 'login':
      return { ...state, user: action.user, auth: { token: action.token } };
    case 'logout':
      return { ...state, user: null, auth: { token: null } };
    case 'updateUser': {
      if (!state.user) return state;
      const user = { ...state.user, ...action.user };
      // The same user again (every page load refreshes it): no change, so nothing re-renders.
      return JSON.stringify(user) === JSON.stringify(state.user) ? state : { ...state, user };
    }
    case 'settings':
      return { ...state, settings: { ...state.settings, ...action.settings } };
    default:
      throw new Error(`Unknown session action: ${String((action as { type?: unknown }).type)}`);
  }
}

const StoredStateSchema = z.object({
  settings: z.record(z.unknown()).catch({}),
  user: UserSchema.nullable().catch(null),
  auth: z.object({ token: z.string().min(1).nullable() }).catch({ token: null }),
});

/** Reads a stored state; anything unreadable counts as signed out (settings are kept when readable). */
export function parseStoredState(raw: string | null): SessionState {
  if (!raw) return initialSessionState;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return initialSessionState;
  }
  const parsed = StoredStateSchema.safeParse(json);
  if (!parsed.success) return initialSessionState;
  const { settings, user, auth } = parsed.data;
  const language = LANGUAGES.find((l) => l === settings.language);
  const cleanSettings: Settings = { ...settings, language };
  if (!language) delete cleanSettings.language;
  // A user without a token (or the reverse) is not a session.
  if (!user || !auth.token) return { settings: cleanSettings, user: null, auth: { token: null } };
  return { settings: cleanSettings, user, auth: { token: auth.token } };
}

export type SessionStore = {
  getState: () => SessionState;
  dispatch: (action: SessionAction) => void;
  subscribe: (listener: () => void) => () => void;
  /** Stops listening to other tabs. */
  dispose: () => void;
};

type StorageWindow = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * The session store: a reducer over localStorage, kept in sync across tabs through the
 * `storage` event (which fires in every other tab of the same origin).
 */
export function createSessionStore(storage: Storage, win: StorageWindow): SessionStore {
  let state = parseStoredState(safeRead(storage));
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const write = (next: SessionState) => {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Private mode or a full quota: the session still works in this tab.
    }
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    const raw = safeRead(storage);
    // The whole storage emptied: the logout answer's `Clear-Site-Data: "storage"` (which the
    // browser may apply more than once, and after the logging-out tab has written its state), or
    // the reader clearing the site's data. The session ends; the reader's settings (the language)
    // stay, and are written back so that a reload and every tab keep them, whatever the order.
    const emptied = event.key === null && raw === null;
    const next = emptied ? sessionReducer(state, { type: 'logout' }) : parseStoredState(raw);
    if (emptied) write(next);
    if (JSON.stringify(next) === JSON.stringify(state)) return;
    state = next;
    notify();
  };
  win.addEventListener('storage', onStorage);

  return {
    getState: () => state,
    dispatch(action) {
      const next = sessionReducer(state, action);
      if (next === state) return;
      state = next;
      write(state);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => win.removeEventListener('storage', onStorage),
  };
}

function safeRead(storage: Storage): string | null {
  try {
    return storage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
