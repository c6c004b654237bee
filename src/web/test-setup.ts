import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import en from '../../public/i18n/en-US.json';
import nl from '../../public/i18n/nl-NL.json';
import { session } from './lib/app-session';
import { i18n, initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { resetFirstPageForTests } from './lib/first-page';
import { resetSiteForTests } from './lib/site';
import { takeUnmatchedRequests } from './test/fake-fetch';

// The first lazy page of a file is transformed on demand, which can take seconds on a busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;

await initI18n({ language: 'nl-NL', resources: { 'nl-NL': { translation: nl }, 'en-US': { translation: en } } });

afterEach(async () => {
  cleanup();
  // Taken once the page is unmounted, so a request made while unmounting counts too.
  const unmatched = takeUnmatchedRequests();
  session.dispatch({ type: 'clear' });
  window.localStorage.clear();
  window.sessionStorage.clear();
  queryClient.clear();
  resetSiteForTests();
  // After the unmount: reset earlier, a part still mounting would find the first page's data stale and fetch it.
  resetFirstPageForTests();
  delete window.__prefetchWaits;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (i18n.language !== 'nl-NL') await i18n.changeLanguage('nl-NL');
  if (unmatched.length > 0) {
    throw new Error(
      `The fake fetch had no answer for:\n ` +
        ` ${unmatched.map((request) => `${request.method} ${request.path}`).join('\n  ')}\nAdd a route for ` +
        `each (a 404 the test means is a route too).`,
    );
  }
});
