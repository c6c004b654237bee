import { describe, expect, it, vi } from 'vitest';
import { loadWithReload, reloadFlagKey, reloadToTarget } from './lazy-module';

const RELOAD_FLAG_KEY = reloadFlagKey('offer-page');

function environment() {
  return { storage: window.sessionStorage, reload: vi.fn() };
}

describe('loadWithReload', () => {
  it('returns the module and clears the reload flag', async () => {
    window.sessionStorage.setItem(RELOAD_FLAG_KEY, '1');
    const env = environment();
    await expect(loadWithReload('offer-page', async () => ({ Page: 1 }), env)).resolves.toEqual({ Page: 1 });
    expect(window.sessionStorage.getItem(RELOAD_FLAG_KEY)).toBeNull();
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when a module fails to load', async () => {
    const env = environment();
    const pending = loadWithReload(
      'offer-page',
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      env,
    );
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem(RELOAD_FLAG_KEY)).not.toBeNull();
    // The promise never settles: the page is reloading.
    const settled = await Promise.race([
      pending.then(() => 'settled'),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(settled).toBe('pending');
  });

  it('does not loop: after the reload a second failure goes to the error page', async () => {
    const env = environment();
    window.sessionStorage.setItem(RELOAD_FLAG_KEY, '1');
    await expect(loadWithReload('offer-page', () => Promise.reject(new Error('still broken')), env)).rejects.toThrow(
      'still broken',
    );
    expect(env.reload).not.toHaveBeenCalled();
  });

  it("another module's success does not clear the flag (modules of one page load in parallel)", async () => {
    const env = environment();
    window.sessionStorage.setItem(RELOAD_FLAG_KEY, '1');
    await loadWithReload('app-layout', async () => ({}), env);
    await expect(loadWithReload('offer-page', () => Promise.reject(new Error('broken')), env)).rejects.toThrow(
      'broken',
    );
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('does not reload when sessionStorage cannot keep the flag', async () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    await expect(
      loadWithReload('offer-page', () => Promise.reject(new Error('broken')), { storage, reload }),
    ).rejects.toThrow('broken');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('reloadToTarget', () => {
  it('loads the page being navigated to, or reloads the current one', () => {
    const location = { assign: vi.fn(), reload: vi.fn() };
    reloadToTarget(location, '/offerte?x=1');
    expect(location.assign).toHaveBeenCalledWith('/offerte?x=1');
    reloadToTarget(location, null);
    expect(location.reload).toHaveBeenCalledTimes(1);
  });
});
