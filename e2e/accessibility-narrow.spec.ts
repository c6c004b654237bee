import { describe, expect, it } from 'vitest';
import { useSharedJourney } from './support/journey';
import { sessionCache } from './support/login';
import { screensWithViolations } from './support/screens';

// Every screen of every role in Dutch at 360 px (the wide walk, which also looks
// for English, is in accessibility.spec.ts). A file of its own, so the walks run side by side.
describe('accessibility (axe-core) at 360 px', () => {
  const journey = useSharedJourney();
  const session = sessionCache();

  for (const role of ['client', 'lawyer', 'admin'] as const) {
    it(`has no violations on any screen of the ${role} at 360 px`, async () => {
      expect(await screensWithViolations(journey, session, { width: 360, height: 740 }, { roles: [role] })).toEqual([]);
    });
  }
});
