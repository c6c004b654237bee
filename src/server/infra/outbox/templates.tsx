// The components one by one: the '@react-email/components' barrel also loads Tailwind and a code
// highlighter, 3–4 s per process start.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { toPlainText } from '@react-email/render';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailTopic } from '../../../contract/notifications';
import { DEFAULT_LAWYER_TITLE } from '../../../contract/lawyers';
import { TODO_ROUTES } from '../../../contract/rules/client-todos';
import { formatAppointmentTime } from '../../../contract/rules/appointment-slots';
import { formatMailDay } from './dates';
import { translator, type Translate } from './i18n';
import type { AppointmentMailPayload, MailKind, MailPayloads } from './kinds';

/** What a template needs besides its payload: the firm, the portal's address, the reader's language. */
export type MailSite = {
  productName: string;
  publicUrl: string;
  supportEmail: string;
  supportPhone: string;
  addressLines: string[];
  contactUrl: string;
};

export type RenderedMail = { subject: string; text: string; html: string };

/** One event's mail: its subject, paragraphs, an optional code block and the link into the portal. */
export type Notice = {
  subject: string;
  paragraphs: string[];
  code?: string;
  link: { href: string; label: string } | null;
};

/** What React Email renders (React itself stays out of the server's imports, see eslint.config.js). */
type ReactNode = Parameters<typeof renderToStaticMarkup>[0];

type Payload<K extends MailKind> = MailPayloads[K] & { name?: string | null };
type Template<K extends MailKind> = (payload: Payload<K>, t: Translate, site: MailSite) => Notice;

const BRAND = { primary: '#17496b', accent: '#aacfe6', text: '#1f2937', muted: '#4b5563', background: '#eef6fb' };

const portal = (site: MailSite, path: string) => `${site.publicUrl}${path}`;
const phaseName = (t: Translate, slug: string) => t(`phases.${slug}.name`);
/**
 * The lawyer's own title, else the default title in the reader's language (rows queued before carried the Dutch
 * default).
 */
const lawyerTitle = (t: Translate, title: string | null | undefined) =>
  title && title.trim() && title !== DEFAULT_LAWYER_TITLE ? title : t('mail.lawyer_assigned.defaultTitle');
/** A calendar day (YYYY-MM-DD) as dd-mm-yyyy, the app's date format in both languages. */
const dayOf = (day: string) => formatMailDay(day);
/** The client's name, or 'onbekende cliënt' / 'unknown client' in the reader's language. */
const clientOf = (t: Translate, name: string | null | undefined) =>
  name && name.trim() && name !== 'Onbekend' ? name : t('mail.unknownClient');

/**
 * The first conversation's mails: when (in Dutch 'dinsdag 8 december om 10:00'), with whom and how; never case content.
 */
function appointmentNotice(
  kind: 'booked' | 'moved' | 'cancelled' | 'reminder',
  p: AppointmentMailPayload,
  t: Translate,
  site: MailSite,
): Notice {
  const when = formatAppointmentTime(p.start, t('mail.appointment.locale'));
  const other = p.for_lawyer ? clientOf(t, p.client_name) : p.lawyer_name;
  const how =
    p.mode === 'video' && p.video_url
      ? t('mail.appointment.video', { url: p.video_url })
      : t(p.for_lawyer ? 'mail.appointment.phoneLawyer' : 'mail.appointment.phoneClient');
  return {
    subject: t(`mail.appointment.${kind}.subject`, { when }),
    paragraphs: [
      t(`mail.appointment.${kind}.${p.for_lawyer ? 'bodyLawyer' : 'body'}`, { when, other }),
      ...(kind === 'cancelled' ? [] : [how]),
      ...(kind === 'reminder' || p.for_lawyer ? [] : [t('mail.appointment.change')]),
    ],
    link: { href: portal(site, p.for_lawyer ? `/dossiers/${p.case_id}` : '/'), label: t('mail.appointment.button') },
  };
}

/** One template per event: what happened and a link, never content. */
const TEMPLATES: { [K in MailKind]: Template<K> } = {
  login_code: (p, t, site) => ({
    subject: t('mail.login_code.subject', { product: site.productName }),
    paragraphs: [t('mail.login_code.intro', { product: site.productName })],
    code: p.code,
    link: null,
  }),
  intake_ready: (_p, t, site) => ({
    subject: t('mail.intake_ready.subject', { product: site.productName }),
    paragraphs: [t('mail.intake_ready.body', { product: site.productName }), t('mail.intake_ready.next')],
    link: { href: portal(site, '/login?event=typeform_submitted'), label: t('mail.intake_ready.button') },
  }),
  lawyer_assigned: (p, t, site) => ({
    subject: t('mail.lawyer_assigned.subject', { product: site.productName }),
    paragraphs: [
      t('mail.lawyer_assigned.body', { lawyer: p.lawyer_name, title: lawyerTitle(t, p.lawyer_title) }),
      t('mail.lawyer_assigned.next'),
      t('mail.lawyer_assigned.email', { email: p.lawyer_email }),
      ...(p.lawyer_phone ? [t('mail.lawyer_assigned.phone', { phone: p.lawyer_phone })] : []),
    ],
    link: { href: portal(site, '/'), label: t('mail.lawyer_assigned.button') },
  }),
  proposal_ready: (_p, t, site) => ({
    subject: t('mail.proposal_ready.subject'),
    paragraphs: [t('mail.proposal_ready.body'), t('mail.proposal_ready.next')],
    // The client's signing screen (the same route as the 'sign-proposal' to-do).
    link: { href: portal(site, TODO_ROUTES['sign-proposal']), label: t('mail.proposal_ready.button') },
  }),
  phase_changed: (p, t, site) => ({
    subject: t('mail.phase_changed.subject', { phase: phaseName(t, p.to) }),
    paragraphs: [
      t('mail.phase_changed.body', { phase: phaseName(t, p.to) }),
      // Signed already: say so, and until when it can be dissolved, instead of asking to sign.
      p.signed
        ? p.signed.last_day
          ? t('mail.phase_changed.signed', { date: dayOf(p.signed.last_day) })
          : t('mail.phase_changed.signedNoCoolingOff')
        : t(`phases.${p.to}.text`),
      // Completed: when the account goes, until when the firm keeps the file, and why.
      ...(p.retention
        ? [
            t('mail.phase_changed.retention', {
              account: p.retention.account_until,
              file: p.retention.file_until,
              years: p.retention.years,
            }),
          ]
        : []),
    ],
    link: { href: portal(site, '/'), label: t('mail.phase_changed.button') },
  }),
  document_rejected: (p, t, site) => ({
    subject: t('mail.document_rejected.subject'),
    paragraphs: [t('mail.document_rejected.body', { title: p.title }), t('mail.document_rejected.next')],
    link: { href: portal(site, '/documenten'), label: t('mail.document_rejected.button') },
  }),
  document_shared: (p, t, site) => ({
    subject: t('mail.document_shared.subject'),
    paragraphs: [t('mail.document_shared.body', { title: p.title }), t('mail.document_shared.next')],
    link: { href: portal(site, '/documenten'), label: t('mail.document_shared.button') },
  }),
  todo_reminder: (p, t, site) => ({
    subject: t('mail.todo_reminder.subject'),
    paragraphs: [t('mail.todo_reminder.body', { count: p.count }), t('mail.todo_reminder.next')],
    link: { href: portal(site, '/'), label: t('mail.todo_reminder.button') },
  }),
  deletion_upcoming: (p, t, site) => ({
    subject: t('mail.deletion_upcoming.subject'),
    paragraphs: [t('mail.deletion_upcoming.body', { date: p.date }), t('mail.deletion_upcoming.next')],
    link: { href: portal(site, '/documenten'), label: t('mail.deletion_upcoming.button') },
  }),
  settlement_version: (_p, t, site) => ({
    subject: t('mail.settlement_version.subject'),
    paragraphs: [t('mail.settlement_version.body'), t('mail.settlement_version.next')],
    link: { href: portal(site, '/onderhandeling'), label: t('mail.settlement_version.button') },
  }),
  settlement_reply_reminder: (_p, t, site) => ({
    subject: t('mail.settlement_reply_reminder.subject'),
    paragraphs: [t('mail.settlement_reply_reminder.body'), t('mail.settlement_reply_reminder.next')],
    link: { href: portal(site, '/onderhandeling'), label: t('mail.settlement_reply_reminder.button') },
  }),
  cooling_off_ending: (_p, t, site) => ({
    subject: t('mail.cooling_off_ending.subject'),
    paragraphs: [t('mail.cooling_off_ending.body'), t('mail.cooling_off_ending.next')],
    link: { href: portal(site, '/'), label: t('mail.cooling_off_ending.button') },
  }),
  cooling_off_last_day: (_p, t, site) => ({
    subject: t('mail.cooling_off_last_day.subject'),
    paragraphs: [t('mail.cooling_off_last_day.body'), t('mail.cooling_off_last_day.next')],
    link: { href: portal(site, '/'), label: t('mail.cooling_off_last_day.button') },
  }),
  engagement_signed: (p, t, site) => ({
    subject: t('mail.engagement_signed.subject'),
    paragraphs: [
      p.package ? t('mail.engagement_signed.body', { package: p.package }) : t('mail.engagement_signed.bodyNoPackage'),
      t('mail.engagement_signed.withdrawal', { date: dayOf(p.withdrawal_last_day) }),
      t(p.start_now ? 'mail.engagement_signed.startNow' : 'mail.engagement_signed.startLater', {
        date: dayOf(p.withdrawal_last_day),
      }),
    ],
    link: { href: portal(site, '/documenten'), label: t('mail.engagement_signed.button') },
  }),
  settlement_signed: (p, t, site) => ({
    subject: t(p.corrected ? 'mail.settlement_signed.subjectCorrected' : 'mail.settlement_signed.subject'),
    paragraphs: [
      p.last_day
        ? t('mail.settlement_signed.body', { date: dayOf(p.last_day) })
        : t('mail.settlement_signed.bodyNoCoolingOff'),
      ...(p.last_day ? [t('mail.settlement_signed.how')] : []),
      t('mail.settlement_signed.calendar'),
    ],
    link: { href: portal(site, '/onderhandeling'), label: t('mail.settlement_signed.button') },
  }),
  cooling_off_expired: (p, t, site) => ({
    subject: t('mail.cooling_off_expired.subject'),
    paragraphs: [t('mail.cooling_off_expired.body'), t('mail.cooling_off_expired.next')],
    link: {
      href: portal(site, `/dossiers/${p.case_id}/vaststellingsovereenkomst`),
      label: t('mail.cooling_off_expired.button'),
    },
  }),
  deletion_today: (_p, t, site) => ({
    subject: t('mail.deletion_today.subject'),
    paragraphs: [t('mail.deletion_today.body'), t('mail.deletion_today.next')],
    link: { href: site.contactUrl, label: t('mail.deletion_today.button') },
  }),
  case_assigned: (p, t, site) => ({
    subject: t('mail.case_assigned.subject', { client: clientOf(t, p.client_name) }),
    paragraphs: [t('mail.case_assigned.body', { client: clientOf(t, p.client_name) })],
    link: { href: portal(site, `/dossiers/${p.case_id}`), label: t('mail.case_assigned.button') },
  }),
  proposal_signed: (p, t, site) => ({
    subject: t('mail.proposal_signed.subject', { client: clientOf(t, p.client_name) }),
    paragraphs: [t('mail.proposal_signed.body', { client: clientOf(t, p.client_name) })],
    link: { href: portal(site, `/dossiers/${p.case_id}`), label: t('mail.proposal_signed.button') },
  }),
  document_uploaded: (p, t, site) => ({
    subject: t(p.replaced ? 'mail.document_uploaded.subjectReplaced' : 'mail.document_uploaded.subject', {
      client: clientOf(t, p.client_name),
    }),
    paragraphs: [
      t(p.replaced ? 'mail.document_uploaded.bodyReplaced' : 'mail.document_uploaded.body', {
        client: clientOf(t, p.client_name),
        title: p.title,
      }),
    ],
    link: { href: portal(site, `/dossiers/${p.case_id}/documenten`), label: t('mail.document_uploaded.button') },
  }),
  documents_complete: (p, t, site) => ({
    subject: t('mail.documents_complete.subject', { client: clientOf(t, p.client_name) }),
    paragraphs: [t('mail.documents_complete.body', { client: clientOf(t, p.client_name) })],
    link: { href: portal(site, `/dossiers/${p.case_id}/documenten`), label: t('mail.documents_complete.button') },
  }),
  email_change_code: (p, t, site) => ({
    subject: t('mail.email_change_code.subject', { product: site.productName }),
    paragraphs: [t('mail.email_change_code.intro', { product: site.productName })],
    code: p.code,
    link: null,
  }),
  email_taken: (_p, t, site) => ({
    subject: t('mail.email_taken.subject'),
    paragraphs: [t('mail.email_taken.body', { product: site.productName }), t('mail.email_taken.next')],
    link: null,
  }),
  email_changed: (_p, t, site) => ({
    subject: t('mail.email_changed.subject', { product: site.productName }),
    paragraphs: [
      t('mail.email_changed.body', { product: site.productName }),
      t('mail.email_changed.next', { email: site.supportEmail }),
    ],
    link: null,
  }),
  two_factor_locked: (_p, t, site) => ({
    subject: t('mail.two_factor_locked.subject', { product: site.productName }),
    paragraphs: [t('mail.two_factor_locked.body', { product: site.productName }), t('mail.two_factor_locked.next')],
    link: { href: portal(site, '/login'), label: t('mail.two_factor_locked.button') },
  }),
  engagement_withdrawn: (p, t, site) => ({
    subject: t('mail.engagement_withdrawn.subject'),
    paragraphs: [t('mail.engagement_withdrawn.body', { date: p.date }), t('mail.engagement_withdrawn.next')],
    link: { href: portal(site, '/'), label: t('mail.engagement_withdrawn.button') },
  }),
  engagement_withdrawn_lawyer: (p, t, site) => ({
    subject: t('mail.engagement_withdrawn_lawyer.subject', { client: clientOf(t, p.client_name) }),
    paragraphs: [t('mail.engagement_withdrawn_lawyer.body', { client: clientOf(t, p.client_name) })],
    link: { href: portal(site, `/dossiers/${p.case_id}`), label: t('mail.engagement_withdrawn_lawyer.button') },
  }),
  data_export_ready: (p, t, site) => ({
    subject: t('mail.data_export_ready.subject'),
    paragraphs: [t('mail.data_export_ready.body'), t('mail.data_export_ready.until', { until: p.until })],
    link: { href: portal(site, '/instellingen'), label: t('mail.data_export_ready.button') },
  }),
  complaint_received: (p, t, site) => ({
    subject: t('mail.complaint_received.subject'),
    paragraphs: [t('mail.complaint_received.body'), t('mail.complaint_received.answerBy', { date: p.answer_by })],
    link: { href: portal(site, '/klacht'), label: t('mail.complaint_received.button') },
  }),
  complaints_officer_changed: (p, t, site) => ({
    subject: t(
      p.appointed ? 'mail.complaints_officer_changed.subject' : 'mail.complaints_officer_changed.subjectRemoved',
      { name: p.officer_name },
    ),
    paragraphs: [
      t(p.appointed ? 'mail.complaints_officer_changed.body' : 'mail.complaints_officer_changed.bodyRemoved', {
        name: p.officer_name,
      }),
      p.by_name
        ? t('mail.complaints_officer_changed.by', { name: p.by_name })
        : t('mail.complaints_officer_changed.byCommandLine'),
    ],
    link: { href: portal(site, '/beheer/klachten'), label: t('mail.complaints_officer_changed.button') },
  }),
  complaint_filed: (p, t, site) => ({
    subject: t('mail.complaint_filed.subject'),
    paragraphs: [t('mail.complaint_filed.body', { date: p.answer_by })],
    link: { href: portal(site, '/beheer/klachten'), label: t('mail.complaint_filed.button') },
  }),
  complaint_answered: (p, t, site) => ({
    subject: t('mail.complaint_answered.subject'),
    paragraphs: [
      t('mail.complaint_answered.body'),
      t('mail.complaint_answered.next', { body: p.body_name, months: p.months }),
    ],
    link: { href: portal(site, '/klacht'), label: t('mail.complaint_answered.button') },
  }),
  message_unread: (p, t, site) => ({
    subject: t('mail.message_unread.subject'),
    paragraphs: [t('mail.message_unread.body')],
    // Straight to the conversation: the client's /berichten, the lawyer's messages tab of the case.
    link: {
      href: portal(site, p.for_lawyer ? `/dossiers/${p.case_id}/berichten` : '/berichten'),
      label: t('mail.message_unread.button'),
    },
  }),
  case_handed_over: (p, t, site) => ({
    subject: t('mail.case_handed_over.subject'),
    paragraphs: [
      p.stand_in_from && p.stand_in_until
        ? t('mail.case_handed_over.standIn', {
            client: clientOf(t, p.client_name),
            from: dayOf(p.stand_in_from),
            until: dayOf(p.stand_in_until),
          })
        : t('mail.case_handed_over.body', { client: clientOf(t, p.client_name) }),
    ],
    link: { href: portal(site, `/dossiers/${p.case_id}`), label: t('mail.case_handed_over.button') },
  }),
  lawyer_changed: (p, t, site) => ({
    subject: t(p.stand_in_from ? 'mail.lawyer_changed.subjectStandIn' : 'mail.lawyer_changed.subject'),
    paragraphs: [
      p.stand_in_from && p.stand_in_until
        ? t('mail.lawyer_changed.standIn', {
            lawyer: p.lawyer_name,
            from: dayOf(p.stand_in_from),
            until: dayOf(p.stand_in_until),
          })
        : t('mail.lawyer_changed.body', { lawyer: p.lawyer_name }),
      t('mail.lawyer_changed.next'),
    ],
    link: { href: portal(site, '/'), label: t('mail.lawyer_changed.button') },
  }),
  appointment_booked: (p, t, site) => appointmentNotice('booked', p, t, site),
  appointment_moved: (p, t, site) => appointmentNotice('moved', p, t, site),
  appointment_cancelled: (p, t, site) => appointmentNotice('cancelled', p, t, site),
  appointment_reminder: (p, t, site) => appointmentNotice('reminder', p, t, site),
  invoice_paid: (p, t, site) => ({
    subject: t('mail.invoice_paid.subject', { number: p.number }),
    paragraphs: [t('mail.invoice_paid.body', { number: p.number, amount: p.amount })],
    link: { href: portal(site, '/facturen'), label: t('mail.invoice_paid.button') },
  }),
  invoice_task: (p, t, site) => ({
    subject: t('mail.invoice_task.subject'),
    paragraphs: [t('mail.invoice_task.body', { number: p.number, amount: p.amount })],
    link: { href: portal(site, `/dossiers/${p.case_id}`), label: t('mail.invoice_task.button') },
  }),
  invoice_reminder: (p, t, site) => ({
    subject: t('mail.invoice_reminder.subject', { number: p.number }),
    paragraphs: [
      t('mail.invoice_reminder.body', { number: p.number, amount: p.amount, due_date: p.due_date }),
      t('mail.invoice_reminder.next'),
    ],
    link: { href: portal(site, '/facturen'), label: t('mail.invoice_reminder.button') },
  }),
  invoice_letter: (p, t, site) => ({
    subject: t('mail.invoice_letter.subject', { number: p.number }),
    paragraphs: [
      t('mail.invoice_letter.body', { number: p.number, amount: p.amount, deadline: p.deadline }),
      t('mail.invoice_letter.costs', { costs: p.costs }),
      t('mail.invoice_letter.next'),
    ],
    link: { href: portal(site, '/facturen'), label: t('mail.invoice_letter.button') },
  }),
  invoice_reminder_employer: (p, t) => {
    const values = { number: p.number, amount: p.amount, due_date: p.due_date, firm: p.firm, iban: p.iban };
    return {
      subject: t('mail.invoice_reminder_employer.subject', { number: p.number }),
      paragraphs: [t('mail.invoice_reminder_employer.body', values), t('mail.invoice_reminder_employer.next', values)],
      link: null,
    };
  },
  invoice_employer_overdue: (p, t, site) => ({
    subject: t('mail.invoice_employer_overdue.subject', { number: p.number }),
    paragraphs: [t('mail.invoice_employer_overdue.body', { number: p.number, amount: p.amount, due_date: p.due_date })],
    link: { href: portal(site, `/dossiers/${p.case_id}`), label: t('mail.invoice_employer_overdue.button') },
  }),
  backup_failed: (p, t, site) => ({
    subject: t('mail.backup_failed.subject'),
    paragraphs: [t('mail.backup_failed.body', { at: p.at, code: p.code }), t('mail.backup_failed.next')],
    link: { href: portal(site, '/beheer'), label: t('mail.backup_failed.button') },
  }),
  insight_weekly: (p, t, site) => ({
    subject: t('mail.insight_weekly.subject'),
    paragraphs: [
      t('mail.insight_weekly.body', { created: p.created, completed: p.completed }),
      t('mail.insight_weekly.stuck', {
        inactive: p.inactive,
        unanswered: p.unanswered,
        unsigned: p.unsigned,
        unsent: p.unsent,
      }),
      ...(p.more ? [t('mail.insight_weekly.more', { limit: p.limit })] : []),
    ],
    link: { href: portal(site, '/beheer/inzicht'), label: t('mail.insight_weekly.button') },
  }),
  feedback_created: (p, t, site) => ({
    subject: t('mail.feedback_created.subject', { client: clientOf(t, p.client_name) }),
    paragraphs: [t('mail.feedback_created.body', { client: clientOf(t, p.client_name) })],
    link: { href: portal(site, '/feedback'), label: t('mail.feedback_created.button') },
  }),
};

/** The notice of one event, in the reader's language. */
export function noticeFor(kind: MailKind, payload: Record<string, unknown>, language: string, site: MailSite): Notice {
  const template = TEMPLATES[kind] as Template<MailKind>;
  return template(payload as Payload<MailKind>, translator(language), site);
}

type Unsubscribe = { topic: MailTopic; url: string };

function Layout(props: {
  language: string;
  site: MailSite;
  preview: string;
  name: string | null | undefined;
  unsubscribe: Unsubscribe[];
  children: ReactNode;
}) {
  const t = translator(props.language);
  const { site } = props;
  return (
    <Html lang={props.language.slice(0, 2)}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body
        style={{
          backgroundColor: BRAND.background,
          fontFamily: 'Arial, Helvetica, sans-serif',
          color: BRAND.text,
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container
          style={{
            backgroundColor: '#ffffff',
            maxWidth: '560px',
            borderRadius: '8px',
            overflow: 'hidden',
            border: `1px solid ${BRAND.accent}`,
          }}
        >
          <Section
            style={{ backgroundColor: '#ffffff', padding: '20px 24px', borderBottom: `4px solid ${BRAND.primary}` }}
          >
            <Img
              src={`${site.publicUrl}/mail-logo.png`}
              width="180"
              height="38"
              alt={t('mail.logoAlt', { product: site.productName })}
            />
          </Section>
          <Section style={{ padding: '8px 24px 16px' }}>
            <Text style={{ fontSize: '16px', lineHeight: '24px' }}>
              {props.name ? t('mail.greeting', { name: props.name }) : t('mail.greetingAnonymous')}
            </Text>
            {props.children}
            <Text style={{ fontSize: '16px', lineHeight: '24px' }}>
              {t('mail.regards')}
              <br />
              {site.productName}
            </Text>
          </Section>
          <Hr style={{ borderColor: BRAND.accent, margin: 0 }} />
          <Section style={{ padding: '16px 24px', backgroundColor: BRAND.background }}>
            <Text style={{ fontSize: '12px', lineHeight: '18px', color: BRAND.muted, margin: '0 0 8px' }}>
              {site.addressLines.join(' · ')}
            </Text>
            <Text style={{ fontSize: '12px', lineHeight: '18px', color: BRAND.muted, margin: '0 0 8px' }}>
              {t('mail.contact', { email: site.supportEmail, phone: site.supportPhone })}
            </Text>
            <Text style={{ fontSize: '12px', lineHeight: '18px', color: BRAND.muted, margin: 0 }}>
              {t('mail.automated', { product: site.productName })}
            </Text>
            {props.unsubscribe.map((u) => (
              <Text
                key={u.topic}
                style={{ fontSize: '12px', lineHeight: '18px', color: BRAND.muted, margin: '8px 0 0' }}
              >
                {t('mail.unsubscribe')}{' '}
                <Link href={u.url} style={{ color: BRAND.primary }}>
                  {`${t('mail.unsubscribeLink')}: ${t(`settings.topics.${u.topic}`)}`}
                </Link>
              </Text>
            ))}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const paragraphStyle = { fontSize: '16px', lineHeight: '24px' };
const buttonStyle = {
  backgroundColor: BRAND.primary,
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
  fontWeight: 'bold',
  textDecoration: 'none',
};

function NoticeBody({ notice }: { notice: Notice }) {
  return (
    <>
      {notice.paragraphs.map((paragraph, i) => (
        <Text key={i} style={paragraphStyle}>
          {paragraph}
        </Text>
      ))}
      {notice.code ? (
        <Text
          style={{
            fontSize: '28px',
            fontWeight: 'bold',
            letterSpacing: '6px',
            fontFamily: 'monospace',
            color: BRAND.primary,
          }}
        >
          {notice.code}
        </Text>
      ) : null}
      {notice.link ? (
        <Section style={{ margin: '8px 0 16px' }}>
          <Button href={notice.link.href} style={buttonStyle}>
            {notice.link.label}
          </Button>
        </Section>
      ) : null}
    </>
  );
}

/** The doctype @react-email/render writes before a mail's HTML. */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" ' +
  '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * HTML and text of a mail with React's synchronous renderer, then as @react-email/render's
 * `render` finishes it (image preload links dropped, the doctype, `toPlainText`). Not `render`
 * itself: it streams through `renderToPipeableStream`, whose `AsyncLocalStorage.run` switches
 * on Node 20's promise hooks for the rest of the process, so after the first mail every promise
 * of every request paid for a hook (docs/performance.md).
 */
function toMail(subject: string, element: ReactNode): RenderedMail {
  const markup = renderToStaticMarkup(element).replace(/<link rel="preload" as="image"[^>]*>/g, '');
  return { subject: subject.replace(/[\r\n]+/g, ' '), html: XHTML_DOCTYPE + markup, text: toPlainText(markup) };
}

export type MailItem = { kind: MailKind; payload: Record<string, unknown> };
export type RenderInput = { language: string; site: MailSite; items: MailItem[]; unsubscribe: Unsubscribe[] };

/** One mail for one event, or a digest listing several events of one recipient. */
export async function renderMail(input: RenderInput): Promise<RenderedMail> {
  const { language, site, items, unsubscribe } = input;
  const first = items[0];
  if (!first) throw new Error('renderMail needs at least one item');
  const name = first.payload.name as string | null | undefined;
  if (items.length === 1) {
    const notice = noticeFor(first.kind, first.payload, language, site);
    const extra =
      first.kind === 'login_code' || first.kind === 'email_change_code'
        ? codeLines(first.kind, first.payload, language)
        : [];
    return toMail(
      notice.subject,
      <Layout language={language} site={site} preview={notice.subject} name={name} unsubscribe={unsubscribe}>
        <NoticeBody notice={notice} />
        {extra.map((line, i) => (
          <Text key={i} style={paragraphStyle}>
            {line}
          </Text>
        ))}
      </Layout>,
    );
  }
  const t = translator(language);
  const notices = items.map((item) => noticeFor(item.kind, item.payload, language, site));
  const subject = t('mail.digest.subject', { count: notices.length });
  return toMail(
    subject,
    <Layout language={language} site={site} preview={subject} name={name} unsubscribe={unsubscribe}>
      <Text style={paragraphStyle}>{t('mail.digest.intro')}</Text>
      {notices.map((notice, i) => (
        <Section key={i} style={{ borderLeft: `4px solid ${BRAND.accent}`, padding: '0 0 0 12px', margin: '0 0 16px' }}>
          <Text style={{ ...paragraphStyle, fontWeight: 'bold', margin: '0 0 4px' }}>{notice.subject}</Text>
          {notice.paragraphs.slice(0, 2).map((paragraph, j) => (
            <Text key={j} style={{ ...paragraphStyle, margin: '0 0 4px' }}>
              {paragraph}
            </Text>
          ))}
          {notice.link ? (
            <Link href={notice.link.href} style={{ color: BRAND.primary, fontWeight: 'bold' }}>
              {notice.link.label}
            </Link>
          ) : null}
        </Section>
      ))}
    </Layout>,
  );
}

function codeLines(
  kind: 'login_code' | 'email_change_code',
  payload: Record<string, unknown>,
  language: string,
): string[] {
  const t = translator(language);
  return [t('mail.login_code.validity', { minutes: Number(payload.minutes ?? 10) }), t(`mail.${kind}.ignore`)];
}
