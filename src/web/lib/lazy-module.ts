export const RELOAD_FLAG_PREFIX = 'module-reload:';

/** The sessionStorage key that marks `moduleId` as already reloaded for. */
export const reloadFlagKey = (moduleId: string) => `${RELOAD_FLAG_PREFIX}${moduleId}`;

export type LazyModuleEnvironment = {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
};

let getNavigationTarget: () => string | null = () => null;

/**
 * Tells the reload where the user was going: a module usually fails on a client-side
 * navigation, while the address bar still shows the previous page.
 */
export function setNavigationTarget(getTarget: () => string | null): void {
  getNavigationTarget = getTarget;
}

/** Loads the page being navigated to afresh (or the current one on the first load). */
export function reloadToTarget(location: Pick<Location, 'assign' | 'reload'>, target: string | null): void {
  if (target) location.assign(target);
  else location.reload();
}

const browserEnvironment = (): LazyModuleEnvironment => ({
  storage: window.sessionStorage,
  reload: () => reloadToTarget(window.location, getNavigationTarget()),
});

/**
 * Wraps a dynamic import: when the module fails to load (typically a deploy replaced the
 * chunk files), the page reloads once. A flag per module in sessionStorage stops a reload
 * loop: while it is set, that module's failure goes to the error page instead. Only the same
 * module loading successfully clears it (other modules of the page load in parallel and must
 * not clear it, or a module that keeps failing would reload the page for ever).
 */
export function loadWithReload<T>(
  moduleId: string,
  load: () => Promise<T>,
  environment: LazyModuleEnvironment = browserEnvironment(),
): Promise<T> {
  const { storage, reload } = environment;
  const key = reloadFlagKey(moduleId);
  return load().then(
    (module) => {
      safely(() => storage.removeItem(key));
      return module;
    },
    (error: unknown) => {
      const alreadyReloaded = safely(() => storage.getItem(key)) !== null;
      if (alreadyReloaded) throw error;
      const flagged = safely(() => {
        storage.setItem(key, String(Date.now()));
        return true;
      });
      // Without a working sessionStorage a reload could loop: show the error instead.
      if (!flagged) throw error;
      reload();
      // The page is going away; never settle so nothing renders an error in between.
      return new Promise<never>(() => {});
    },
  );
}

function safely<T>(action: () => T): T | null {
  try {
    return action();
  } catch {
    return null;
  }
}
