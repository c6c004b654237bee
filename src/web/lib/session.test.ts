import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/fixtures';
import {
  createSessionStore,
  initialSessionState,
  parseStoredState,
  sessionReducer,
  STORAGE_KEY,
  type SessionAction,
  type SessionState,
} from './session';

const lawyer = makeUser('lawyer');
const signedIn: SessionState = { settings: { language: 'en-US' }, user: lawyer, auth: { token: 'tok' } };

describe('sessionReducer', () => {
  it('login stores the user and the token', () => {
    const state = sessionReducer(initialSessionState, { type: 'login', user: lawyer, token: 'abc' });
    expect(state).toEqual({ settings: {}, user: lawyer, auth: { token: 'abc' } });
  });

  it('logout removes user and auth but keeps the settings', () => {
    expect(sessionReducer(signedIn, { type: 'logout' })).toEqual({
      settings: { language: 'en-US' },
      user: null,
      auth: { token: null },
    });
  });

  it('clear resets to empty settings', () => {
    expect(sessionReducer(signedIn, { type: 'clear' })).toEqual({ settings: {}, user: null, auth: { token: null } });
  });

  it('updateUser merges fields into the user', () => {
    const state = sessionReducer(signedIn, { type: 'updateUser', user: { name: 'Anne', avatar: '/files/a.webp' } });
    expect(state.user).toEqual({ ...lawyer, name: 'Anne', avatar: '/files/a.webp' });
    expect(sessionReducer(initialSessionState, { type: 'updateUser', user: { name: 'Anne' } })).toBe(
      initialSessionState,
    );
  });

  it('updateUser with the same values keeps the state object, so subscribers do not re-render', () => {
    const user = signedIn.user;
    if (!user) throw new Error('fixture has a user');
    expect(sessionReducer(signedIn, { type: 'updateUser', user: { ...user } })).toBe(signedIn);
    expect(sessionReducer(signedIn, { type: 'updateUser', user: { name: user.name } })).toBe(signedIn);
    expect(sessionReducer(signedIn, { type: 'updateUser', user: { name: `${user.name} B` } })).not.toBe(signedIn);
  });

  it('settings merges into the settings', () => {
    const state = sessionReducer(
      { ...signedIn, settings: { language: 'nl-NL', other: 1 } },
      { type: 'settings', settings: { language: 'en-US' } },
    );
    expect(state.settings).toEqual({ language: 'en-US', other: 1 });
  });

  it('throws on an unknown action', () => {
    expect(() => sessionReducer(initialSessionState, { type: 'reset' } as unknown as SessionAction)).toThrow(
      'Unknown session action: reset',
    );
  });
});

describe('parseStoredState', () => {
  it('reads a stored session', () => {
    expect(parseStoredState(JSON.stringify(signedIn))).toEqual(signedIn);
  });

  it('treats unreadable or partial state as signed out', () => {
    expect(parseStoredState(null)).toEqual(initialSessionState);
    expect(parseStoredState('{not json')).toEqual(initialSessionState);
    expect(parseStoredState(JSON.stringify({ settings: {}, user: lawyer, auth: { token: null } }))).toEqual(
      initialSessionState,
    );
    expect(parseStoredState(JSON.stringify({ settings: {}, user: { id: 1 }, auth: { token: 'x' } }))).toEqual(
      initialSessionState,
    );
  });

  it('drops an unknown language but keeps the session', () => {
    const state = parseStoredState(JSON.stringify({ ...signedIn, settings: { language: 'fr-FR' } }));
    expect(state.settings).toEqual({});
    expect(state.user).toEqual(lawyer);
  });
});

describe('createSessionStore', () => {
  it("persists every change under localStorage key 'state'", () => {
    const store = createSessionStore(window.localStorage, window);
    store.dispatch({ type: 'login', user: lawyer, token: 'abc' });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null')).toEqual({
      settings: {},
      user: lawyer,
      auth: { token: 'abc' },
    });
    store.dispose();
  });

  it('starts from the stored state', () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(signedIn));
    const store = createSessionStore(window.localStorage, window);
    expect(store.getState()).toEqual(signedIn);
    store.dispose();
  });

  it('throws on an unknown action without changing the state', () => {
    const store = createSessionStore(window.localStorage, window);
    expect(() => store.dispatch({ type: 'nope' } as unknown as SessionAction)).toThrow();
    expect(store.getState()).toEqual(initialSessionState);
    store.dispose();
  });

  it('follows a logout made in another tab (storage event)', () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(signedIn));
    const store = createSessionStore(window.localStorage, window);
    const listener = vi.fn();
    store.subscribe(listener);

    // Another tab writes the logged-out state; the browser then fires `storage` here.
    const loggedOut = sessionReducer(signedIn, { type: 'logout' });
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(loggedOut));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: JSON.stringify(loggedOut) }));

    expect(store.getState().user).toBeNull();
    expect(store.getState().auth.token).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    store.dispose();
  });

  it('follows a login and a cleared storage in another tab, and ignores other keys', () => {
    const store = createSessionStore(window.localStorage, window);
    const listener = vi.fn();
    store.subscribe(listener);

    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(signedIn));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(listener).not.toHaveBeenCalled();

    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY }));
    expect(store.getState()).toEqual(signedIn);

    // The storage emptied (the logout answer's Clear-Site-Data): signed out, the settings kept
    // and written back, so a reload keeps the language.
    window.localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    const loggedOut = { settings: { language: 'en-US' }, user: null, auth: { token: null } };
    expect(store.getState()).toEqual(loggedOut);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null')).toEqual(loggedOut);
    expect(listener).toHaveBeenCalledTimes(2);
    store.dispose();
  });

  it('writes its state back when the storage is emptied after its own logout was written', () => {
    // The logging-out tab has written its state (the app's own store, in this window too, plays
    // the other tab and follows); then the browser applies Clear-Site-Data once more.
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(signedIn));
    const store = createSessionStore(window.localStorage, window);
    store.dispatch({ type: 'logout' });
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY }));
    const listener = vi.fn();
    store.subscribe(listener);
    window.localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    const loggedOut = { settings: { language: 'en-US' }, user: null, auth: { token: null } };
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null')).toEqual(loggedOut);
    expect(store.getState()).toEqual(loggedOut);
    expect(listener).not.toHaveBeenCalled();

    // A clear that another tab has already undone: nothing to write, the stored state is read.
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...loggedOut, settings: { language: 'nl-NL' } }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(store.getState().settings).toEqual({ language: 'nl-NL' });
    store.dispose();
  });

  it('stops listening to other tabs once disposed', () => {
    const store = createSessionStore(window.localStorage, window);
    store.dispose();
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(signedIn));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY }));
    expect(store.getState()).toEqual(initialSessionState);
  });
});
