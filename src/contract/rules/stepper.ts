import type { OfferSlug } from '../offers';
import type { StatusSlug } from '../statuses';
import { getSelectableStatuses } from './status-dropdown';

export type StepperFlags = {
  profile_complete: boolean;
  company_details_complete: boolean;
  documents_complete: boolean;
  feedback: boolean;
};
type StepLike = { slug: StatusSlug; is_current: boolean };

/** The current step is the one with is_current, otherwise the first. */
export function getCurrentStep<T extends StepLike>(steps: readonly T[]): T | undefined {
  return steps.find((s) => s.is_current) ?? steps[0];
}

/** The middle phases a package may leave out: start never negotiates, complete has no checks. */
const OPTIONAL_PHASES: readonly StatusSlug[] = ['negotiation-phase', 'check'];

/**
 * The phases the case's package never passes through: the optional ones its status dropdown does not offer; none before
 * a package is chosen.
 */
export function getSkippedPhases(offer: OfferSlug | null | undefined): StatusSlug[] {
  if (!offer) return [];
  const selectable = getSelectableStatuses(offer);
  return OPTIONAL_PHASES.filter((slug) => !selectable.includes(slug));
}

/**
 * The client's route in 'Jouw stappenplan' (decision record 021): the phases of their package.
 * A phase the package skips is left out, so a 'Start' case never shows 'Onderhandelingen' as
 * done; it stays only while it is the case's current phase (a package changed afterwards).
 */
export function getClientRoute<T extends StepLike>(steps: readonly T[], offer: OfferSlug | null | undefined): T[] {
  const skipped = getSkippedPhases(offer);
  return steps.filter((step) => step.is_current || !skipped.includes(step.slug));
}

/**
 * The number of a step as the client counts it: its place in the route shown ('Jouw
 * stappenplan' numbers the steps it shows), not the phase's order. A package that skips a
 * phase ('Compleet' has no checks) thus never jumps from 'Stap 7' to 'Stap 9'.
 */
export function getStepNumber(route: readonly StepLike[], slug: StatusSlug): number | null {
  const index = route.findIndex((step) => step.slug === slug);
  return index < 0 ? null : index + 1;
}

/**
 * The next-step block's subtitle with the step's number as the client counts it: the first
 * number in the firm's text ('Stap 9', 'Step 9') becomes the step's place in the route shown.
 * A subtitle without a number is left as written.
 */
export function numberSubtitle(subtitle: string, stepNumber: number | null): string {
  return stepNumber === null ? subtitle : subtitle.replace(/\d+/, String(stepNumber));
}

/** Phases whose next-step block shows the three preparation buttons. */
export const CHECKLIST_STEPS: readonly StatusSlug[] = ['lead', 'incomplete-case-file'];
/** Phases where the client is invited to give feedback and a review. */
export const FEEDBACK_STEPS: readonly StatusSlug[] = ['ready-for-invoicing', 'completed'];

export const hasChecklist = (slug: StatusSlug) => CHECKLIST_STEPS.includes(slug);
export const invitesFeedback = (slug: StatusSlug) => FEEDBACK_STEPS.includes(slug);

export type ChecklistAction = 'personal-data' | 'employer-data' | 'documents';
export type ChecklistButton = { action: ChecklistAction; enabled: boolean; complete: boolean };

/**
 * The three preparation buttons unlock in order: each is enabled only when the previous
 * one is complete; a complete one is shown green with a check mark.
 */
export function getChecklistButtons(
  flags: Pick<StepperFlags, 'profile_complete' | 'company_details_complete' | 'documents_complete'>,
): ChecklistButton[] {
  return [
    { action: 'personal-data', enabled: true, complete: flags.profile_complete },
    { action: 'employer-data', enabled: flags.profile_complete, complete: flags.company_details_complete },
    {
      action: 'documents',
      enabled: flags.profile_complete && flags.company_details_complete,
      complete: flags.documents_complete,
    },
  ];
}

/**
 * Whether the client is asked for documents now. At the phases with the three preparation
 * buttons the documents button unlocks only once personal and employer data are complete;
 * 'Wat moet ik nog doen?' follows the same rule, so it never offers an upload the step
 * buttons show as locked. Elsewhere documents are always open.
 */
export function areDocumentsUnlocked(
  slug: StatusSlug,
  flags: Pick<StepperFlags, 'profile_complete' | 'company_details_complete'>,
): boolean {
  if (!hasChecklist(slug)) return true;
  return getChecklistButtons({ ...flags, documents_complete: false }).some(
    (button) => button.action === 'documents' && button.enabled,
  );
}

/** Where the dashboard's welcome button goes; null (disabled) once all three are complete. */
export function getWelcomeTarget(
  flags: Pick<StepperFlags, 'profile_complete' | 'company_details_complete' | 'documents_complete'>,
): ChecklistAction | null {
  if (!flags.profile_complete) return 'personal-data';
  if (!flags.company_details_complete) return 'employer-data';
  if (!flags.documents_complete) return 'documents';
  return null;
}

/** The welcome block shows only while the current step is the first one (lead). */
export const showsWelcome = (current: StepLike | undefined) => current?.slug === 'lead';

/**
 * Which text version the next-step block shows for the current phase: at lead and
 * incomplete-case-file 'complete' once all three parts are done; at ready-for-invoicing and
 * completed 'complete' once feedback was given; at offer-chosen 'complete' once a lawyer is
 * assigned; elsewhere the phase is still in progress. The step list and the next-step block
 * both use this, so they always show the same version.
 */
export function getStepVersion(
  slug: StatusSlug,
  flags: StepperFlags,
  extra: { hasLawyer?: boolean; settlementSigned?: boolean } = {},
): 'incomplete' | 'complete' {
  // 'Klaar voor ondertekening' once the settlement agreement is signed: it says so, never 'before you sign'.
  if (slug === 'ready-for-signing') return extra.settlementSigned ? 'complete' : 'incomplete';
  // 'Offerte gekozen' promises a lawyer within 24 hours: kept once one is shown.
  if (slug === 'offer-chosen') return extra.hasLawyer ? 'complete' : 'incomplete';
  if (hasChecklist(slug))
    return flags.profile_complete && flags.company_details_complete && flags.documents_complete
      ? 'complete'
      : 'incomplete';
  if (invitesFeedback(slug)) return flags.feedback ? 'complete' : 'incomplete';
  return 'incomplete';
}

/**
 * Whether a phase the case has passed is still done, so that 'Jouw stappenplan' may show it with its check mark and its
 * 'complete' text ('Je dossier is compleet'). A case can pass a phase while what it asked for is open again, or never
 * was done: a mandatory document rejected or deleted after 'Documenten bestuderen', or the lawyer choosing a later
 * phase while one was missing. Then:
 * - 'Dossier aanvullen' (incomplete-case-file) is done only while personal data, employer data and every mandatory
 *   document are complete;
 * - 'Aanmelding' (lead) is done while personal and employer data are complete (what moved the case on; documents are
 *   asked for again at 'Dossier aanvullen');
 * - every other passed phase stays done.
 */
export function isPassedStepDone(
  slug: StatusSlug,
  flags: Pick<StepperFlags, 'profile_complete' | 'company_details_complete' | 'documents_complete'>,
): boolean {
  if (slug === 'lead') return flags.profile_complete && flags.company_details_complete;
  if (slug === 'incomplete-case-file')
    return flags.profile_complete && flags.company_details_complete && flags.documents_complete;
  return true;
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim().length > 0;

/** The personal data form marks exactly these as required; together they make the profile complete. */
export const REQUIRED_PROFILE_FIELDS = [
  'name',
  'last_name',
  'phone_number',
  'street',
  'house_number',
  'postcode',
  'city',
] as const;
export type RequiredProfileField = (typeof REQUIRED_PROFILE_FIELDS)[number];
/**
 * The ex-employer form marks exactly these as required; together they make the employer data complete. The company
 * name ('Bedrijfsnaam') is optional, like the street: a client may not know the employer's legal name.
 */
export const REQUIRED_COMPANY_FIELDS = [
  'company_house_number',
  'company_postcode',
  'company_city',
  'contact_email',
  'contact_phone_number',
] as const;
export type RequiredCompanyField = (typeof REQUIRED_COMPANY_FIELDS)[number];

/** The client's personal data form is complete: every field it marks as required. */
export function isProfileComplete(user: Record<RequiredProfileField, string | null>): boolean {
  return REQUIRED_PROFILE_FIELDS.every((field) => filled(user[field]));
}

/** The ex-employer form is complete: every field the form marks as required. */
export function isCompanyComplete(company: Record<RequiredCompanyField, string | null>): boolean {
  return REQUIRED_COMPANY_FIELDS.every((field) => filled(company[field]));
}

/** The client's stored personal data as the server reads it (the database's column names). */
export type StoredProfile = {
  name: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  street: string | null;
  houseNumber: string | null;
  postcode: string | null;
  city: string | null;
};
/** A case's stored ex-employer data as the server reads it (the database's column names). */
export type StoredCompany = {
  companyHouseNumber: string | null;
  companyPostcode: string | null;
  companyCity: string | null;
  contactEmail: string | null;
  contactPhoneNumber: string | null;
};

/**
 * Whether the two forms of a case are complete, from the stored rows: the one mapping of the
 * columns to the forms' fields, used by the stepper and by the case route alike. No client
 * (an account deleted meanwhile) is an incomplete profile.
 */
export function getFormCompleteness(
  client: StoredProfile | null | undefined,
  company: StoredCompany,
): { profileComplete: boolean; companyComplete: boolean } {
  return {
    profileComplete: client
      ? isProfileComplete({
          name: client.name,
          last_name: client.lastName,
          phone_number: client.phoneNumber,
          street: client.street,
          house_number: client.houseNumber,
          postcode: client.postcode,
          city: client.city,
        })
      : false,
    companyComplete: isCompanyComplete({
      company_house_number: company.companyHouseNumber,
      company_postcode: company.companyPostcode,
      company_city: company.companyCity,
      contact_email: company.contactEmail,
      contact_phone_number: company.contactPhoneNumber,
    }),
  };
}
