import type { ChecklistAction } from '../../../../contract/rules/stepper';

/** Where the three preparation steps are done. */
export const CHECKLIST_ROUTES: Record<ChecklistAction, string> = {
  'personal-data': '/mijn-verhaal',
  'employer-data': '/mijn-verhaal/werkgever-gegevens',
  documents: '/documenten',
};
