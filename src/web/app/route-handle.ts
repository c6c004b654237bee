import { useMatches } from 'react-router';

/** Static data of a route: the translation key of its page title; `fullBleed` drops the main padding. */
export type RouteHandle = { titleKey?: string; fullBleed?: boolean };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null;
}

/** The handle values of the deepest matched routes that set them. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const result: RouteHandle = {};
  for (const match of matches) {
    if (!isRouteHandle(match.handle)) continue;
    if (match.handle.titleKey !== undefined) result.titleKey = match.handle.titleKey;
    if (match.handle.fullBleed !== undefined) result.fullBleed = match.handle.fullBleed;
  }
  return result;
}
