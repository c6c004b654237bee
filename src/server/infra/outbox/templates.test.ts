import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../config/config';
import { MAIL_KINDS, type MailKind, type MailPayloads } from './kinds';
import { renderMail } from './templates';
import { mailSite } from './worker';

const site = mailSite(testConfig({ publicUrl: 'https://portaal.example.nl' }));
const CASE = '6f1c1a52-3a0e-4a43-9d55-2f1c0a8e9b11';
const APPOINTMENT = {
  appointment_id: '0b7e3c1e-52f4-4a8e-9a51-5d8f6f1f0c11',
  case_id: CASE,
  sequence: 0,
  start: '2026-12-08T09:00:00.000Z',
  end: '2026-12-08T09:30:00.000Z',
  stamp: '2026-12-01T09:00:00.000Z',
  for_lawyer: false,
  lawyer_name: 'Sanne Jansen',
  client_name: 'Kees de Vries',
  mode: 'phone' as const,
  video_url: null,
  attendees: [{ name: 'Kees de Vries', email: 'kees@example.com' }],
};

/** A payload per kind, with markers that must never reach a mail beyond what the template shows. */
const PAYLOADS: { [K in MailKind]: MailPayloads[K] } = {
  login_code: { code: 'K7MX2Q', minutes: 10 },
  intake_ready: {},
  lawyer_assigned: {
    lawyer_name: 'Sanne Jansen',
    lawyer_title: 'Senior arbeidsrechtjurist',
    lawyer_email: 'sanne@example.com',
    lawyer_phone: '010 1234567',
  },
  proposal_ready: {},
  phase_changed: { case_id: CASE, from: 'reviewing-documents', to: 'negotiation-phase' },
  document_rejected: { title: 'Loonstrook' },
  document_shared: { title: 'Vaststellingsovereenkomst' },
  todo_reminder: { count: 2 },
  deletion_upcoming: { date: '12-05-2027' },
  deletion_today: {},
  case_assigned: { client_name: 'Kees de Vries', case_id: CASE },
  proposal_signed: { client_name: 'Kees de Vries', case_id: CASE },
  document_uploaded: { client_name: 'Kees de Vries', case_id: CASE, title: 'Arbeidsovereenkomst', replaced: true },
  documents_complete: { client_name: 'Kees de Vries', case_id: CASE },
  feedback_created: { client_name: 'Kees de Vries', case_id: CASE },
  message_unread: { case_id: CASE, for_lawyer: true },
  email_change_code: { code: 'K7MX2Q', minutes: 10 },
  email_taken: {},
  email_changed: {},
  two_factor_locked: {},
  case_handed_over: { client_name: 'Kees de Vries', case_id: CASE, stand_in_from: null, stand_in_until: null },
  lawyer_changed: { lawyer_name: 'Sanne Jansen', stand_in_from: null, stand_in_until: null },
  appointment_booked: APPOINTMENT,
  appointment_moved: APPOINTMENT,
  appointment_cancelled: APPOINTMENT,
  appointment_reminder: { ...APPOINTMENT, for_lawyer: true },
  engagement_withdrawn: { date: '15-03-2026' },
  engagement_withdrawn_lawyer: { client_name: 'Kees de Vries', case_id: CASE },
  complaint_received: { answer_by: '25-12-2026' },
  data_export_ready: { until: '09-12-2026 14:30' },
  backup_failed: { at: '08-12-2026 03:00', code: 'ENOSPC' },
  invoice_paid: { number: '2026-0007', amount: '€ 907,50' },
  invoice_task: { case_id: CASE, number: '2026-0007', amount: '€ 907,50' },
  invoice_reminder: { number: '2026-0007', amount: '€ 907,50', due_date: '22-12-2026' },
  invoice_letter: {
    invoice_id: '30000000-0000-4000-8000-000000000007',
    number: '2026-0007',
    amount: '€ 907,50',
    deadline: '19-01-2027',
    costs: '€ 136,13',
  },
  invoice_reminder_employer: {
    number: '2026-0008',
    amount: '€ 1.815,00',
    due_date: '22-12-2026',
    firm: 'Ontslagportaal B.V.',
    iban: 'NL91ABNA0417164300',
  },
  invoice_employer_overdue: { case_id: CASE, number: '2026-0008', amount: '€ 1.815,00', due_date: '22-12-2026' },
  complaint_filed: { answer_by: '25-12-2026' },
  complaints_officer_changed: { officer_name: 'Anna Jansen', appointed: true, by_name: 'Bram de Boer' },
  complaint_answered: { body_name: 'Geschillencommissie Advocatuur', months: 12 },
  settlement_version: {},
  settlement_reply_reminder: {},
  cooling_off_ending: {},
  cooling_off_last_day: {},
  cooling_off_expired: { case_id: CASE },
  engagement_signed: { package: 'Compleet onbezorgd', withdrawal_last_day: '2026-03-16', start_now: true },
  settlement_signed: { last_day: '2026-03-16', corrected: false },
  insight_weekly: {
    created: 12,
    completed: 3,
    inactive: 4,
    unanswered: 1,
    unsigned: 2,
    unsent: 0,
    more: false,
    limit: 100,
  },
};

/** Subject and the link each mail must carry, per language. */
const EXPECTED: { [K in MailKind]: { nl: string; en: string; link: string | null } } = {
  login_code: { nl: 'Je inlogcode voor Ontslagportaal', en: 'Your login code for Ontslagportaal', link: null },
  intake_ready: {
    nl: 'Je portaal bij Ontslagportaal staat klaar',
    en: 'Your portal at Ontslagportaal is ready',
    link: '/login?event=typeform_submitted',
  },
  lawyer_assigned: {
    nl: 'Je jurist bij Ontslagportaal is bekend',
    en: 'Your lawyer at Ontslagportaal is known',
    link: '/',
  },
  proposal_ready: {
    nl: 'Je opdrachtbevestiging staat klaar om te ondertekenen',
    en: 'Your engagement letter is ready to sign',
    link: '/opdrachtbevestiging',
  },
  phase_changed: {
    nl: 'Je zaak is in een nieuwe fase: Onderhandelingen',
    en: 'Your case is in a new phase: Negotiations',
    link: '/',
  },
  document_rejected: { nl: 'Een document is afgekeurd', en: 'A document was rejected', link: '/documenten' },
  document_shared: {
    nl: 'Je jurist heeft een document met je gedeeld',
    en: 'Your lawyer shared a document with you',
    link: '/documenten',
  },
  todo_reminder: {
    nl: 'Herinnering: er staat nog iets voor je klaar in je portaal',
    en: 'Reminder: something is waiting for you in your portal',
    link: '/',
  },
  deletion_upcoming: {
    nl: 'Je account wordt over 30 dagen verwijderd',
    en: 'Your account will be deleted in 30 days',
    link: '/documenten',
  },
  deletion_today: { nl: 'Je account wordt vandaag verwijderd', en: 'Your account is deleted today', link: null },
  case_assigned: {
    nl: 'Nieuwe zaak toegewezen: Kees de Vries',
    en: 'New case assigned: Kees de Vries',
    link: `/dossiers/${CASE}`,
  },
  proposal_signed: {
    nl: 'Kees de Vries heeft de opdrachtbevestiging ondertekend',
    en: 'Kees de Vries signed the engagement letter',
    link: `/dossiers/${CASE}`,
  },
  document_uploaded: {
    nl: 'Kees de Vries heeft een nieuwe versie van een document geüpload',
    en: 'Kees de Vries uploaded a new version of a document',
    link: `/dossiers/${CASE}/documenten`,
  },
  documents_complete: {
    nl: 'Alle verplichte documenten van Kees de Vries zijn binnen',
    en: 'All mandatory documents of Kees de Vries are in',
    link: `/dossiers/${CASE}/documenten`,
  },
  feedback_created: {
    nl: 'Nieuwe feedback van Kees de Vries',
    en: 'New feedback from Kees de Vries',
    link: '/feedback',
  },
  message_unread: {
    nl: 'Je hebt een nieuw bericht in je portaal',
    en: 'You have a new message in your portal',
    link: `/dossiers/${CASE}/berichten`,
  },
  email_change_code: {
    nl: 'Bevestig je nieuwe e-mailadres voor Ontslagportaal',
    en: 'Confirm your new email address for Ontslagportaal',
    link: null,
  },
  email_taken: {
    nl: 'Iemand probeerde je e-mailadres te gebruiken',
    en: 'Someone tried to use your email address',
    link: null,
  },
  email_changed: {
    nl: 'Je e-mailadres bij Ontslagportaal is gewijzigd',
    en: 'Your email address at Ontslagportaal was changed',
    link: null,
  },
  two_factor_locked: {
    nl: 'Inloggen bij Ontslagportaal tijdelijk geblokkeerd',
    en: 'Logging in to Ontslagportaal temporarily blocked',
    link: '/login',
  },
  case_handed_over: {
    nl: 'Er is een dossier aan je toegewezen',
    en: 'A case has been assigned to you',
    link: `/dossiers/${CASE}`,
  },
  lawyer_changed: { nl: 'Je hebt een nieuwe jurist', en: 'You have a new lawyer', link: '/' },
  appointment_booked: {
    nl: 'Je eerste gesprek is gepland: dinsdag 8 december om 10:00',
    en: 'Your first conversation is booked: Tuesday 8 December at 10:00',
    link: '/',
  },
  appointment_moved: {
    nl: 'Je eerste gesprek is verzet naar dinsdag 8 december om 10:00',
    en: 'Your first conversation has moved to Tuesday 8 December at 10:00',
    link: '/',
  },
  appointment_cancelled: {
    nl: 'Je eerste gesprek van dinsdag 8 december om 10:00 is geannuleerd',
    en: 'Your first conversation of Tuesday 8 December at 10:00 is cancelled',
    link: '/',
  },
  appointment_reminder: {
    nl: 'Herinnering: morgen je eerste gesprek, dinsdag 8 december om 10:00',
    en: 'Reminder: your first conversation tomorrow, Tuesday 8 December at 10:00',
    link: `/dossiers/${CASE}`,
  },
  engagement_withdrawn: {
    nl: 'Je hebt de opdracht herroepen',
    en: 'You have withdrawn from the engagement',
    link: '/',
  },
  engagement_withdrawn_lawyer: {
    nl: 'Kees de Vries heeft de opdracht herroepen',
    en: 'Kees de Vries has withdrawn from the engagement',
    link: `/dossiers/${CASE}`,
  },
  complaint_received: { nl: 'We hebben je klacht ontvangen', en: 'We have received your complaint', link: '/klacht' },
  invoice_paid: {
    nl: 'Betaling ontvangen voor factuur 2026-0007',
    en: 'Payment received for invoice 2026-0007',
    link: '/facturen',
  },
  invoice_task: {
    nl: 'Taak: Factuur voldaan – dossier afronden',
    en: 'Task: Invoice paid – close the case',
    link: `/dossiers/${CASE}`,
  },
  invoice_reminder: { nl: 'Herinnering: factuur 2026-0007', en: 'Reminder: invoice 2026-0007', link: '/facturen' },
  invoice_letter: {
    nl: 'Veertiendagenbrief: factuur 2026-0007',
    en: 'Fourteen-day letter: invoice 2026-0007',
    link: '/facturen',
  },
  invoice_reminder_employer: { nl: 'Herinnering: factuur 2026-0008', en: 'Reminder: invoice 2026-0008', link: null },
  invoice_employer_overdue: {
    nl: 'Taak: factuur 2026-0008 aan de werkgever is te laat',
    en: 'Task: invoice 2026-0008 to the employer is overdue',
    link: `/dossiers/${CASE}`,
  },
  backup_failed: {
    nl: 'De reservekopie van het portaal is mislukt',
    en: "The portal's backup failed",
    link: '/beheer',
  },
  data_export_ready: {
    nl: 'Je gegevens staan klaar om te downloaden',
    en: 'Your data is ready to download',
    link: '/instellingen',
  },
  complaints_officer_changed: {
    nl: 'Anna Jansen is nu klachtenfunctionaris',
    en: 'Anna Jansen is now complaints officer',
    link: '/beheer/klachten',
  },
  complaint_filed: {
    nl: 'Er is een nieuwe klacht ingediend',
    en: 'A new complaint has been filed',
    link: '/beheer/klachten',
  },
  complaint_answered: {
    nl: 'Er is een antwoord op je klacht',
    en: 'Your complaint has been answered',
    link: '/klacht',
  },
  settlement_version: {
    nl: 'Er is een nieuw voorstel in je dossier',
    en: 'There is a new proposal in your case',
    link: '/onderhandeling',
  },
  settlement_reply_reminder: {
    nl: 'Herinnering: reageer op het voorstel in je dossier',
    en: 'Reminder: reply to the proposal in your case',
    link: '/onderhandeling',
  },
  cooling_off_ending: { nl: 'Je bedenktijd loopt bijna af', en: 'Your cooling-off period is ending soon', link: '/' },
  cooling_off_last_day: {
    nl: 'Vandaag is de laatste dag van je bedenktijd',
    en: 'Today is the last day of your cooling-off period',
    link: '/',
  },
  engagement_signed: {
    nl: 'Je hebt de opdrachtbevestiging getekend',
    en: 'You have signed the engagement letter',
    link: '/documenten',
  },
  settlement_signed: {
    nl: 'Je vaststellingsovereenkomst is getekend: je bedenktijd loopt',
    en: 'Your settlement agreement is signed: your cooling-off period is running',
    link: '/onderhandeling',
  },
  cooling_off_expired: {
    nl: 'Bedenktijd verstreken: dossier voltooien',
    en: 'Cooling-off period over: complete the case',
    link: `/dossiers/${CASE}/vaststellingsovereenkomst`,
  },
  insight_weekly: {
    nl: 'Inzicht: de week in het portaal',
    en: 'Insight: the week in the portal',
    link: '/beheer/inzicht',
  },
};

describe('mail templates', () => {
  for (const kind of Object.keys(MAIL_KINDS) as MailKind[]) {
    for (const language of ['nl-NL', 'en-US'] as const) {
      it(`renders ${kind} in ${language} with its subject, link, the firm's look and nothing private`, async () => {
        const payload = { name: 'Kees', ...PAYLOADS[kind], message: 'GEHEIM-BERICHT', reason: 'GEHEIME-REDEN' };
        const mail = await renderMail({ language, site, items: [{ kind, payload }], unsubscribe: [] });
        const expected = EXPECTED[kind];
        expect(mail.subject).toBe(language === 'nl-NL' ? expected.nl : expected.en);
        if (expected.link) {
          expect(mail.html).toContain(`href="https://portaal.example.nl${expected.link.replace(/&/g, '&amp;')}"`);
          expect(mail.text).toContain(`https://portaal.example.nl${expected.link}`);
        }
        expect(mail.text).toContain(language === 'nl-NL' ? 'Hallo Kees,' : 'Hello Kees,');
        // The firm's look: logo, colours, footer with address and contact.
        expect(mail.html).toContain('https://portaal.example.nl/mail-logo.png');
        expect(mail.html).toContain('#17496b');
        expect(mail.text).toContain('Westblaak 180');
        expect(mail.text).toContain(site.supportEmail);
        expect(mail.text).toContain(site.supportPhone);
        expect(mail.html).toContain(`lang="${language.slice(0, 2)}"`);
        // Nothing beyond the template: no stray payload fields, no untranslated keys.
        for (const text of [mail.text, mail.html, mail.subject]) {
          expect(text).not.toContain('GEHEIM');
          expect(text).not.toContain('{{');
          expect(text).not.toContain('undefined');
          expect(text).not.toContain('notifications.');
        }
      });
    }
  }

  it('renders without AsyncLocalStorage (no promise hooks) to a whole XHTML document, no preload links', async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    try {
      const mail = await renderMail({
        language: 'nl-NL',
        site,
        items: [{ kind: 'login_code', payload: { name: 'Kees', code: 'K7MX2Q', minutes: 10 } }],
        unsubscribe: [],
      });
      expect(run).not.toHaveBeenCalled();
      expect(enterWith).not.toHaveBeenCalled();
      expect(mail.html).toMatch(
        /^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"[^>]*><html [^>]*lang="nl"/,
      );
      expect(mail.html).toMatch(/<\/html>$/);
      expect(mail.html).toContain('<img ');
      expect(mail.html).not.toMatch(/<link[^>]*rel="preload"/);
      expect(mail.text).not.toContain('<');
    } finally {
      run.mockRestore();
      enterWith.mockRestore();
    }
  });

  it('puts the login code alone on a line of the text part', async () => {
    const mail = await renderMail({
      language: 'nl-NL',
      site,
      items: [{ kind: 'login_code', payload: { name: null, code: 'K7MX2Q', minutes: 10 } }],
      unsubscribe: [],
    });
    expect(mail.text).toMatch(/^\s*K7MX2Q\s*$/m);
    expect(mail.text).toContain('Hallo,');
    expect(mail.text).toContain('De code is 10 minuten geldig en werkt één keer.');
  });

  it('lists several events in one digest with an unsubscribe link per optional kind', async () => {
    const url = 'https://portaal.example.nl/afmelden?token=abc';
    const mail = await renderMail({
      language: 'nl-NL',
      site,
      items: [
        { kind: 'document_rejected', payload: { name: 'Kees', title: 'Loonstrook' } },
        { kind: 'phase_changed', payload: { name: 'Kees', case_id: CASE, from: 'check', to: 'ready-for-signing' } },
      ],
      unsubscribe: [{ topic: 'phase_changes', url }],
    });
    expect(mail.subject).toBe('2 nieuwe meldingen in je portaal');
    expect(mail.text).toContain('Een document is afgekeurd');
    expect(mail.text).toContain('Je zaak is in een nieuwe fase: Klaar voor ondertekening');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain('Afmelden: Mijn zaak gaat naar een nieuwe fase');
  });

  it("uses the default lawyer title and unknown client name in the reader's language; keeps own titles", async () => {
    const text = async (language: 'nl-NL' | 'en-US', kind: MailKind, payload: Record<string, unknown>) =>
      (await renderMail({ language, site, items: [{ kind, payload: { name: 'Kees', ...payload } }], unsubscribe: [] }))
        .text;
    const assigned = { lawyer_name: 'Sanne Jansen', lawyer_email: 'sanne@example.com', lawyer_phone: null };
    // '' is what notify writes for a lawyer without a title; 'Arbeidsrechtjurist' is what rows queued before carried.
    for (const lawyer_title of ['', 'Arbeidsrechtjurist']) {
      const nl = await text('nl-NL', 'lawyer_assigned', { ...assigned, lawyer_title });
      const en = await text('en-US', 'lawyer_assigned', { ...assigned, lawyer_title });
      expect(nl).toContain('Sanne Jansen (Arbeidsrechtjurist) is je jurist');
      expect(en).toContain('Sanne Jansen (Employment lawyer) is your lawyer');
      expect(en).not.toMatch(/jurist\b/i);
    }
    expect(
      await text('en-US', 'lawyer_assigned', { ...assigned, lawyer_title: 'Senior arbeidsrechtjurist' }),
    ).toContain('(Senior arbeidsrechtjurist)');
    for (const client_name of ['', 'Onbekend']) {
      expect(await text('nl-NL', 'case_assigned', { client_name, case_id: CASE })).toContain('Onbekende cliënt');
      const en = await text('en-US', 'case_assigned', { client_name, case_id: CASE });
      expect(en).toContain('Unknown client');
      expect(en).not.toContain('Onbekend');
    }
  });

  it("links the client's unread-message mail to /berichten", async () => {
    const mail = await renderMail({
      language: 'nl-NL',
      site,
      items: [{ kind: 'message_unread', payload: { case_id: CASE, for_lawyer: false } }],
      unsubscribe: [],
    });
    expect(mail.html).toContain('href="https://portaal.example.nl/berichten"');
  });

  it('names the stand-in period in the handover mails', async () => {
    const payload = {
      client_name: 'Kees de Vries',
      case_id: CASE,
      stand_in_from: '2026-12-01',
      stand_in_until: '2026-12-08',
    };
    const lawyerMail = await renderMail({
      language: 'nl-NL',
      site,
      items: [{ kind: 'case_handed_over', payload }],
      unsubscribe: [],
    });
    expect(lawyerMail.subject).toBe('Er is een dossier aan je toegewezen');
    expect(lawyerMail.text).toContain('van 01-12-2026 tot en met 08-12-2026');
    const clientMail = await renderMail({
      language: 'en-US',
      site,
      items: [
        {
          kind: 'lawyer_changed',
          payload: { lawyer_name: 'Victor Vervanger', stand_in_from: '2026-12-01', stand_in_until: '2026-12-08' },
        },
      ],
      unsubscribe: [],
    });
    expect(clientMail.subject).toBe('Your lawyer has a stand-in for a while');
    expect(clientMail.text).toContain('Victor Vervanger is your stand-in lawyer');
  });

  it('writes no Dutch into an English mail and no English into a Dutch one', async () => {
    const DUTCH = /\b(je|jouw|het|een|van|zaak|jurist|documenten|bekijk|naar|Hallo|Groet)\b/i;
    const ENGLISH = /\b(your|the|you|lawyer|case|view|Hello|regards|please)\b/i;
    const payloads: Record<string, unknown>[] = Object.values(PAYLOADS);
    const kinds = Object.keys(MAIL_KINDS) as MailKind[];
    for (const [i, kind] of kinds.entries()) {
      // The payload's own words (names, document titles) are data, not the product's text.
      const payload = {
        ...payloads[i],
        name: 'Kees',
        lawyer_title: '',
        title: 'X',
        client_name: 'K',
        lawyer_name: 'S',
      };
      for (const [language, foreign] of [
        ['en-US', DUTCH],
        ['nl-NL', ENGLISH],
      ] as const) {
        const mail = await renderMail({ language, site, items: [{ kind, payload }], unsubscribe: [] });
        const body = mail.text.replace(site.addressLines.join(' · '), '').replace(/https?:\/\/\S+/g, '');
        expect({
          kind,
          language,
          subject: mail.subject.match(foreign)?.[0] ?? null,
          body: body.match(foreign)?.[0] ?? null,
        }).toEqual({ kind, language, subject: null, body: null });
      }
    }
  });
});
