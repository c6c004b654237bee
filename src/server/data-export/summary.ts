import { formatDateTime } from '../../contract/rules/dutch-date';
import { formatEuro } from '../../contract/rules/settlement-format';
import { formatMailDate } from '../infra/outbox/dates';
import { translator } from '../infra/outbox/i18n';
import { PdfWriter } from '../pdf/writer';
import type { ExportData } from './collect';
import { ENTRIES } from './rules';

type Row = Record<string, unknown>;
/** The screens' key of a document's stored status ('Not Uploaded' → documents.status.notUploaded). */
const documentStatusKey = (status: unknown) => {
  const words = String(status).toLowerCase().split(/\s+/);
  return `documents.status.${words[0]}${words
    .slice(1)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')}`;
};
/** '2026-12-08T09:30:00.000Z' → '08-12-2026 10:30' (Amsterdam); anything else as it is. */
const when = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)
    ? formatDateTime(value)
    : value == null
      ? '–'
      : String(value);
const day = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-').reverse().join('-') : when(value);
/** A value in words: a yes/no as the language says it, an empty one as a dash, never code or a record's raw form. */
const showWith = (t: (key: string) => string) => (value: unknown) =>
  value == null || value === ''
    ? '–'
    : typeof value === 'boolean'
      ? t(value ? 'export.yes' : 'export.no')
      : typeof value === 'object'
        ? '–'
        : String(value);

/** 'gegevens/profiel.json' → the file 'profiel' in the folder 'gegevens', as a person sees it in the zip. */
const placeOf = (entry: string) => {
  const parts = entry.split('/');
  return { folder: parts.slice(0, -1).join('/'), file: (parts.at(-1) ?? entry).replace(/\.json$/, '') };
};

/**
 * The readable summary of a client's export (samenvatting.pdf), in the client's language and in
 * words only: phases, statuses, mails and cookie choices by their names, moments as dd-mm-jjjj
 * uu:mm in Amsterdam, line breaks of messages kept, no field names, codes or file formats. The
 * files in the zip stay the complete record; the summary names where each part is.
 */
export async function renderSummary(data: ExportData, now: Date): Promise<Uint8Array> {
  const t = translator(data.language);
  const screens = translator(data.language, '');
  const show = showWith(t);
  /** A code ('booked', 'sent', …) by its name under `prefix`; the fallback when it has none. */
  const named = (prefix: string, value: unknown, fallback: string) => {
    try {
      return t(`${prefix}.${String(value)}`);
    } catch {
      return fallback;
    }
  };
  const screenName = (key: string, fallback: string) => {
    try {
      return screens(key);
    } catch {
      return fallback;
    }
  };
  const s = data.sections;
  const w = await PdfWriter.create({ title: t('export.title'), language: data.language, created: now });
  const heading = (key: string, entry: string) => {
    w.space(10);
    w.text(t(`export.sections.${key}`), { size: 13, bold: true });
    w.text(t('export.inFile', placeOf(entry)), { size: 8.5, gap: 4 });
  };
  const field = (key: string, value: unknown) => w.text(`${t(`export.fields.${key}`)}: ${show(value)}`, { indent: 8 });
  const list = (rows: Row[], line: (row: Row) => string, extra?: (row: Row) => string | null) => {
    if (rows.length === 0) w.text(t('export.none'), { indent: 8 });
    for (const row of rows) {
      w.text(line(row), { indent: 8, bold: Boolean(extra) });
      const more = extra?.(row);
      if (more) w.text(more, { indent: 16, gap: 4 });
    }
  };

  w.text(t('export.title'), { size: 18, bold: true, gap: 4 });
  w.text(t('export.made', { date: formatMailDate(now) }));
  w.text(t('export.intro'), { gap: 6 });

  const profile = s[ENTRIES.profile] as Row;
  heading('profile', ENTRIES.profile);
  field('name', [profile.name, profile.infix, profile.last_name].filter(Boolean).join(' '));
  field('email', profile.email);
  field('phone', profile.phone_number);
  field(
    'address',
    [
      [profile.street, profile.house_number, profile.house_number_addition].filter(Boolean).join(' '),
      [profile.postcode, profile.city].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', '),
  );
  field('language', screenName(`language.names.${String(profile.language)}`, '–'));
  field('createdAt', when(profile.created_at));

  const theCase = s[ENTRIES.case] as Row | null;
  heading('case', ENTRIES.case);
  if (!theCase) w.text(t('export.none'), { indent: 8 });
  else {
    const phase = theCase.phase as Row;
    field('phase', screenName(`cases.statuses.${String(phase.slug)}`, show(phase.name)));
    field('package', (theCase.package as Row | null)?.name);
    field('lawyers', (theCase.lawyers as Row[]).map((l) => l.name).join(', '));
    field('employer', (theCase.employer as Row).name);
    field('signedAt', when(theCase.proposal_signed_at));
    field('completedAt', when(theCase.completed_at));
    field('createdAt', when(theCase.created_at));
  }

  heading('answers', ENTRIES.answers);
  list(
    s[ENTRIES.answers] as Row[],
    (a) => show(a.question),
    (a) => show(a.answer),
  );
  heading('contactPersons', ENTRIES.contactPersons);
  list(
    s[ENTRIES.contactPersons] as Row[],
    (c) =>
      [c.first_name, c.infix, c.last_name].filter(Boolean).join(' ') +
      (c.job_title ? ` (${show(c.job_title)})` : '') +
      (c.email ? `, ${show(c.email)}` : ''),
  );
  heading('messages', ENTRIES.messages);
  list(
    s[ENTRIES.messages] as Row[],
    (m) => `${when(m.at)} · ${show(m.author ?? t(`export.roles.${show(m.from)}`))}`,
    (m) => show(m.text),
  );
  heading('timeline', ENTRIES.timeline);
  list(
    s[ENTRIES.timeline] as Row[],
    (e) => `${when(e.at)} · ${e.what && e.what !== e.kind ? show(e.what) : t('export.event')}`,
  );
  heading('documents', ENTRIES.documents);
  list(
    s[ENTRIES.documents] as Row[],
    (d) =>
      `${show(d.title)}${d.filename ? ` – ${show(d.filename)}` : ''} (${screenName(documentStatusKey(d.status), '–')})`,
  );
  const engagement = s[ENTRIES.engagement] as { signature: Row | null; withdrawals: Row[] };
  heading('engagement', ENTRIES.engagement);
  if (engagement.signature) {
    field('signedAt', when(engagement.signature.signed_at));
    field('typedName', engagement.signature.typed_name);
    field('startConsent', t(engagement.signature.start_consent ? 'export.yes' : 'export.no'));
  } else w.text(t('export.none'), { indent: 8 });
  for (const withdrawal of engagement.withdrawals) field('withdrawnAt', when(withdrawal.withdrawn_at));
  heading('settlement', ENTRIES.settlement);
  const settlement = s[ENTRIES.settlement] as { versions: Row[] } | undefined;
  list(settlement?.versions ?? [], (v) => t('export.version', { number: show(v.number), date: day(v.dated) }));
  heading('appointments', ENTRIES.appointments);
  list(
    s[ENTRIES.appointments] as Row[],
    (a) => `${when(a.start)} · ${show(a.lawyer)} (${named('export.appointmentStatus', a.status, '–')})`,
  );
  heading('complaints', ENTRIES.complaints);
  list(
    s[ENTRIES.complaints] as Row[],
    (c) => `${when(c.filed_at)} · ${screenName(`complaints.status.${String(c.status)}`, '–')}`,
    (c) => show(c.text),
  );
  heading('feedback', ENTRIES.feedback);
  list(
    s[ENTRIES.feedback] as Row[],
    (f) => `${when(f.created_at)} · ${show(f.lawyer)}`,
    (f) => show(f.text),
  );
  heading('invoices', ENTRIES.invoices);
  list(s[ENTRIES.invoices] as Row[], (i) => {
    const title = i.kind === 'credit_note' ? 'invoices.title.creditNote' : 'invoices.title.invoice';
    let name = show(i.number);
    try {
      name = screens(title, { number: show(i.number) });
    } catch {
      // the number alone
    }
    const status = screenName(`invoices.status.${String(i.status)}`, show(i.status));
    return `${name} · ${day(i.issue_date)} · ${formatEuro(Number(i.total_cents))} · ${status}`;
  });
  heading('mails', ENTRIES.mails);
  list(
    s[ENTRIES.mails] as Row[],
    (m) =>
      `${when(m.created_at)} · ${named('export.mailKinds', m.kind, t('export.mailKinds.other'))} ` +
      `(${named('export.mailStatus', m.status, '–')})`,
  );
  heading('cookies', ENTRIES.cookies);
  list(
    s[ENTRIES.cookies] as Row[],
    (c) =>
      `${named('export.cookieNames', c.name, show(c.name))}: ${named('export.cookieValues', c.value, show(c.value))}`,
  );
  heading('exports', ENTRIES.exports);
  list(s[ENTRIES.exports] as Row[], (e) => `${when(e.requested_at)} · ${named('export.exportStatus', e.status, '–')}`);
  return w.save();
}
