import { describe, expect, it } from 'vitest';
import {
  getChecklistButtons,
  getClientRoute,
  getCurrentStep,
  getFormCompleteness,
  getSkippedPhases,
  getStepNumber,
  numberSubtitle,
  getStepVersion,
  getWelcomeTarget,
  isCompanyComplete,
  isPassedStepDone,
  isProfileComplete,
  REQUIRED_COMPANY_FIELDS,
  showsWelcome,
} from './stepper';

const flags = (profile: boolean, company: boolean, documents: boolean, feedback = false) => ({
  profile_complete: profile,
  company_details_complete: company,
  documents_complete: documents,
  feedback,
});

describe('getCurrentStep', () => {
  it('is the step marked current', () => {
    const steps = [
      { slug: 'lead' as const, is_current: false },
      { slug: 'almost-client' as const, is_current: true },
    ];
    expect(getCurrentStep(steps)?.slug).toBe('almost-client');
  });
  it('falls back to the first step when none is current', () => {
    expect(getCurrentStep([{ slug: 'lead' as const, is_current: false }])?.slug).toBe('lead');
    expect(getCurrentStep([])).toBeUndefined();
  });
  it('shows the welcome block only at lead', () => {
    expect(showsWelcome({ slug: 'lead', is_current: true })).toBe(true);
    expect(showsWelcome({ slug: 'offer-chosen', is_current: true })).toBe(false);
  });
});

describe('getChecklistButtons', () => {
  it('unlocks each button only when the previous one is complete', () => {
    expect(getChecklistButtons(flags(false, false, false)).map((b) => b.enabled)).toEqual([true, false, false]);
    expect(getChecklistButtons(flags(true, false, false)).map((b) => b.enabled)).toEqual([true, true, false]);
    expect(getChecklistButtons(flags(true, true, false)).map((b) => b.enabled)).toEqual([true, true, true]);
  });
  it('keeps a later button locked when an earlier one is no longer complete', () => {
    expect(getChecklistButtons(flags(false, true, true)).map((b) => b.enabled)).toEqual([true, false, false]);
  });
  it('marks the complete ones', () => {
    expect(getChecklistButtons(flags(true, true, true)).map((b) => b.complete)).toEqual([true, true, true]);
    expect(getChecklistButtons(flags(true, false, false)).map((b) => b.complete)).toEqual([true, false, false]);
  });
});

describe('getWelcomeTarget', () => {
  it('goes to the first part that is not complete, and is disabled when all are', () => {
    expect(getWelcomeTarget(flags(false, false, false))).toBe('personal-data');
    expect(getWelcomeTarget(flags(true, false, false))).toBe('employer-data');
    expect(getWelcomeTarget(flags(true, true, false))).toBe('documents');
    expect(getWelcomeTarget(flags(true, true, true))).toBeNull();
  });
});

describe('getStepVersion', () => {
  it('uses the complete text at lead and incomplete-case-file once all three parts are done', () => {
    expect(getStepVersion('lead', flags(true, true, false))).toBe('incomplete');
    expect(getStepVersion('lead', flags(true, true, true))).toBe('complete');
    expect(getStepVersion('incomplete-case-file', flags(true, true, true))).toBe('complete');
  });
  it('uses the after-feedback text at ready-for-invoicing and completed', () => {
    expect(getStepVersion('ready-for-invoicing', flags(true, true, true, false))).toBe('incomplete');
    expect(getStepVersion('ready-for-invoicing', flags(false, false, false, true))).toBe('complete');
    expect(getStepVersion('completed', flags(false, false, false, true))).toBe('complete');
  });
  it("says 'Klaar voor ondertekening' is done once the settlement agreement is signed", () => {
    expect(getStepVersion('ready-for-signing', flags(true, true, true, true))).toBe('incomplete');
    expect(getStepVersion('ready-for-signing', flags(true, true, true, true), { settlementSigned: true })).toBe(
      'complete',
    );
  });
  it('uses the in-progress text in every other phase', () => {
    expect(getStepVersion('negotiation-phase', flags(true, true, true, true))).toBe('incomplete');
  });
});

describe('completeness of the forms', () => {
  const user = {
    name: 'Eva',
    last_name: 'Jansen',
    phone_number: '0612345678',
    street: 'Coolsingel',
    house_number: '1',
    postcode: '3011AD',
    city: 'Rotterdam',
  };
  it('needs every field of the personal data form', () => {
    expect(isProfileComplete(user)).toBe(true);
    expect(isProfileComplete({ ...user, phone_number: null })).toBe(false);
    expect(isProfileComplete({ ...user, city: '  ' })).toBe(false);
  });
  const company = {
    company_house_number: '2',
    company_postcode: '1234AA',
    company_city: 'Delft',
    contact_email: 'hr@acme.nl',
    contact_phone_number: '010',
  };
  it('needs every required field of the employer form', () => {
    expect(isCompanyComplete(company)).toBe(true);
    expect(isCompanyComplete({ ...company, contact_email: null })).toBe(false);
  });
  it("does not need the company name ('Bedrijfsnaam' is optional)", () => {
    expect(REQUIRED_COMPANY_FIELDS).not.toContain('company_name');
    expect(isCompanyComplete({ ...company, company_name: null } as typeof company)).toBe(true);
  });
});

describe('isPassedStepDone', () => {
  it("keeps 'Dossier aanvullen' open while a mandatory document is missing, whatever the phase now", () => {
    expect(isPassedStepDone('incomplete-case-file', flags(true, true, false))).toBe(false);
    expect(isPassedStepDone('incomplete-case-file', flags(true, false, true))).toBe(false);
    expect(isPassedStepDone('incomplete-case-file', flags(true, true, true))).toBe(true);
  });
  it("keeps 'Aanmelding' done on personal and employer data alone; other phases stay done", () => {
    expect(isPassedStepDone('lead', flags(true, true, false))).toBe(true);
    expect(isPassedStepDone('lead', flags(false, true, true))).toBe(false);
    for (const slug of ['almost-client', 'offer-chosen', 'proposal', 'reviewing-documents'] as const)
      expect(isPassedStepDone(slug, flags(false, false, false))).toBe(true);
  });
});

describe('getFormCompleteness (the stored rows mapped onto the forms)', () => {
  const client = {
    name: 'Eva',
    lastName: 'Jansen',
    phoneNumber: '0612345678',
    street: 'Coolsingel',
    houseNumber: '1',
    postcode: '3011AD',
    city: 'Rotterdam',
  };
  const company = {
    companyHouseNumber: '2',
    companyPostcode: '1234AA',
    companyCity: 'Delft',
    contactEmail: 'hr@acme.nl',
    contactPhoneNumber: '010',
  };
  it('is complete when every required column is filled', () => {
    expect(getFormCompleteness(client, company)).toEqual({ profileComplete: true, companyComplete: true });
  });
  it('maps each column to its form field: any one left blank makes its form incomplete', () => {
    for (const key of Object.keys(client) as (keyof typeof client)[]) {
      expect(getFormCompleteness({ ...client, [key]: ' ' }, company)).toEqual({
        profileComplete: false,
        companyComplete: true,
      });
    }
    for (const key of Object.keys(company) as (keyof typeof company)[]) {
      expect(getFormCompleteness(client, { ...company, [key]: null })).toEqual({
        profileComplete: true,
        companyComplete: false,
      });
    }
  });
  it('treats a missing client as an incomplete profile', () => {
    expect(getFormCompleteness(undefined, company).profileComplete).toBe(false);
  });
  it('ignores the optional company street and company name', () => {
    expect(getFormCompleteness(client, { ...company, companyStreet: null } as typeof company).companyComplete).toBe(
      true,
    );
    expect(getFormCompleteness(client, { ...company, companyName: null } as typeof company).companyComplete).toBe(true);
  });
});

describe('getClientRoute (decision record 021)', () => {
  const slugs = [
    'offer-chosen',
    'proposal',
    'reviewing-documents',
    'negotiation-phase',
    'check',
    'ready-for-signing',
  ] as const;
  const steps = (current: (typeof slugs)[number]) => slugs.map((slug) => ({ slug, is_current: slug === current }));

  it('leaves out what a package skips: negotiation (start), checks (complete), nothing (extreme, no choice)', () => {
    expect(getSkippedPhases('start')).toEqual(['negotiation-phase']);
    expect(getSkippedPhases('complete')).toEqual(['check']);
    expect(getSkippedPhases('extreme')).toEqual([]);
    expect(getSkippedPhases(null)).toEqual([]);
    expect(getClientRoute(steps('check'), 'start').map((s) => s.slug)).toEqual([
      'offer-chosen',
      'proposal',
      'reviewing-documents',
      'check',
      'ready-for-signing',
    ]);
    expect(getClientRoute(steps('reviewing-documents'), 'complete').map((s) => s.slug)).toEqual([
      'offer-chosen',
      'proposal',
      'reviewing-documents',
      'negotiation-phase',
      'ready-for-signing',
    ]);
    expect(getClientRoute(steps('check'), null)).toHaveLength(slugs.length);
  });

  it('keeps a skipped phase while it is the current one', () => {
    expect(getClientRoute(steps('negotiation-phase'), 'start').map((s) => s.slug)).toContain('negotiation-phase');
  });
});

describe('the step number the client reads', () => {
  const all = [
    'lead',
    'almost-client',
    'offer-chosen',
    'proposal',
    'incomplete-case-file',
    'reviewing-documents',
    'negotiation-phase',
    'check',
    'ready-for-signing',
    'ready-for-invoicing',
    'completed',
  ] as const;
  const steps = (current: (typeof all)[number]) => all.map((slug) => ({ slug, is_current: slug === current }));

  it("counts the steps shown: with 'Compleet' 'Klaar voor ondertekening' is step 8, not phase order 9", () => {
    const route = getClientRoute(steps('ready-for-signing'), 'complete');
    expect(getStepNumber(route, 'ready-for-signing')).toBe(8);
    expect(numberSubtitle('Stap 9', getStepNumber(route, 'ready-for-signing'))).toBe('Stap 8');
    expect(getStepNumber(getClientRoute(steps('ready-for-signing'), 'extreme'), 'ready-for-signing')).toBe(9);
    expect(getStepNumber(route, 'check')).toBeNull();
  });

  it('leaves a subtitle without a number, or a step not shown, as written', () => {
    expect(numberSubtitle('Bijna klaar', 3)).toBe('Bijna klaar');
    expect(numberSubtitle('Step 11', null)).toBe('Step 11');
  });
});
