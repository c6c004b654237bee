import { Check } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CaseLawyerView } from '../../../contract/cases';
import { getDocumentCounts } from '../../../contract/rules/document-counts';
import { getDisplayName } from '../../../contract/rules/display-name';
import { useFormatDate } from '../../lib/use-format-date';
import { useCaseDetail } from './api';
import { ClientDataExportControl } from './components/client-data-export-control';
import { OfferChangeControl } from './components/offer-change-control';
import { ProposalControl } from './components/proposal-control';
import { StatusSelect } from './components/status-select';
import { TimelineList } from '../../widgets/timeline-list';
import { EmailAddress } from '../../ui/email-address';
import { formatTime } from '../../lib/format';
import { useOfferName } from '../../lib/offer-name';

/** The page's data for the first page of a visit (app/routes.tsx, lib/first-page.ts). */
export { generalTabData } from './api';

/** Tab 'Algemeen' of case detail: the dossier, client, werkgever and story blocks. */
export function GeneralTabPage() {
  const { t } = useTranslation();
  const { caseId = '' } = useParams();
  const detail = useCaseDetail(caseId);
  if (!detail.data) return null;
  const view = detail.data;
  return (
    <section aria-labelledby="tab-heading" className="flex flex-col gap-6">
      <h2 id="tab-heading" className="sr-only">
        {t('pages.caseDetail.general.heading')}
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <DossierBlock view={view} />
        <ClientBlock view={view} />
        <EmployerBlock view={view} />
        <StoryBlock view={view} />
      </div>
      <TimelineList caseId={view.id} heading={t('caseRoute.timeline.lawyerHeading')} headingId="block-timeline" />
    </section>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

const link = 'font-medium text-brand-700 underline underline-offset-4';

function DossierBlock({ view }: { view: CaseLawyerView }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const offerName = useOfferName();
  const [openedAt] = useState(() => Date.now());
  const counts = getDocumentCounts(view.documents);
  const appointment = view.appointment_start_time ? new Date(view.appointment_start_time) : null;
  const guarantee = view.minimal_achievement;
  const guaranteeItems: Record<string, string[]> = { M1: ['1', '2', '3'], M2: ['1', '2', '3'], M3: ['1', '2'] };
  return (
    <Block id="block-dossier" title={t('caseDetail.dossier.heading')}>
      <dl className="grid gap-1">
        <dt className="text-sm text-slate-700">{t('caseDetail.dossier.offer')}</dt>
        <dd className="font-medium text-slate-900">
          {view.offer ? offerName(view.offer.slug) : t('caseDetail.dossier.noOffer')}
        </dd>
      </dl>
      <OfferChangeControl view={view} />
      {view.proposal_signed_at && (
        <p className="text-slate-800">
          {t('caseDetail.dossier.signed', { date: formatDate(view.proposal_signed_at) })}
        </p>
      )}
      {view.completed_at && (
        <p className="text-slate-800">{t('caseRoute.completedOn', { date: formatDate(view.completed_at) })}</p>
      )}
      {guarantee && (
        <div>
          <p className="font-medium text-slate-900">{t(`caseDetail.guarantee.${guarantee}.title`)}</p>
          <ul className="mt-1 list-disc pl-5 text-slate-800">
            {(guaranteeItems[guarantee] ?? []).map((n) => (
              <li key={n}>{t(`caseDetail.guarantee.${guarantee}.item${n}`)}</li>
            ))}
          </ul>
        </div>
      )}
      <StatusSelect view={view} />
      <ProposalControl view={view} />
      <ul className="flex flex-col gap-1 text-slate-800">
        <li>
          {counts.complete
            ? t('caseDetail.documents.complete')
            : t('caseDetail.documents.missing', { count: counts.missing })}
        </li>
        {counts.unchecked > 0 && <li>{t('caseDetail.documents.unchecked', { count: counts.unchecked })}</li>}
        {counts.allChecked && <li>{t('caseDetail.documents.allChecked')}</li>}
      </ul>
      <p className="flex items-center gap-2 text-slate-800">
        <span className="font-medium">{t('caseDetail.dossier.firstMeeting')}</span>
        {appointment ? (
          <>
            <span>{`${formatDate(appointment)} ${formatTime(appointment)}`}</span>
            {appointment.getTime() < openedAt && (
              <>
                <Check className="size-4 text-emerald-700" aria-hidden="true" />
                <span className="sr-only">{t('caseDetail.dossier.meetingDone')}</span>
              </>
            )}
          </>
        ) : (
          <span>{t('caseDetail.dossier.noDate')}</span>
        )}
      </p>
    </Block>
  );
}

function clientAddress(view: CaseLawyerView): string | null {
  const c = view.client;
  const street = [c.street, [c.house_number, c.house_number_addition].filter(Boolean).join('')]
    .filter(Boolean)
    .join(' ');
  if (street || c.postcode) return [street, [c.postcode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return c.city || null;
}

function ClientBlock({ view }: { view: CaseLawyerView }) {
  const { t } = useTranslation();
  const c = view.client;
  const intake = Object.entries(view.typeform).filter(([, value]) => value.trim() !== '');
  return (
    <Block id="block-client" title={t('caseDetail.client.heading')}>
      <p className="font-medium text-slate-900">
        {getDisplayName({ name: c.name, infix: c.infix, last_name: c.last_name })}
      </p>
      <p className="text-slate-800">{clientAddress(view) ?? t('caseDetail.noAddress')}</p>
      <a className={link} href={`mailto:${c.email}`}>
        <EmailAddress value={c.email} />
      </a>
      {c.phone_number && (
        <a className={link} href={`tel:${c.phone_number.replace(/\s+/g, '')}`}>
          {c.phone_number}
        </a>
      )}
      {intake.length > 0 && (
        <dl className="grid gap-2">
          {intake.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <ClientDataExportControl caseId={view.id} />
    </Block>
  );
}

function EmployerBlock({ view }: { view: CaseLawyerView }) {
  const { t } = useTranslation();
  const street = [view.company_street, view.company_house_number].filter(Boolean).join(' ');
  const address =
    street || view.company_postcode || view.company_city
      ? [street, [view.company_postcode, view.company_city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
      : null;
  const many = view.contact_persons.length > 1;
  return (
    <Block id="block-employer" title={t('caseDetail.employer.heading')}>
      {view.company_name && <p className="font-medium text-slate-900">{view.company_name}</p>}
      <p className="text-slate-800">{address ?? t('caseDetail.noAddress')}</p>
      {view.contact_email && (
        <a className={link} href={`mailto:${view.contact_email}`}>
          <EmailAddress value={view.contact_email} />
        </a>
      )}
      {view.contact_phone_number && (
        <a className={link} href={`tel:${view.contact_phone_number.replace(/\s+/g, '')}`}>
          {view.contact_phone_number}
        </a>
      )}
      {view.contact_persons.length === 0 ? (
        <p className="text-slate-800">{t('caseDetail.employer.noContacts')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {view.contact_persons.map((p, i) => (
            <li key={p.id} className="flex flex-col gap-0.5">
              <span className="text-sm font-semibold text-slate-700">
                {many ? t('caseDetail.employer.contactN', { n: i + 1 }) : t('caseDetail.employer.contact')}
              </span>
              <span className="text-slate-900">
                {getDisplayName({ name: p.first_name, infix: p.infix, last_name: p.last_name })}
              </span>
              {p.job_title && <span className="text-slate-800">{p.job_title}</span>}
              {p.email && (
                <a className={link} href={`mailto:${p.email}`}>
                  <EmailAddress value={p.email} />
                </a>
              )}
              {p.phone_number && (
                <a className={link} href={`tel:${p.phone_number.replace(/\s+/g, '')}`}>
                  {p.phone_number}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

function StoryBlock({ view }: { view: CaseLawyerView }) {
  const { t } = useTranslation();
  const questions = [...view.client.client_questions, ...view.questions];
  return (
    <Block id="block-story" title={t('caseDetail.story.heading', { name: view.client_name })}>
      {questions.length === 0 ? (
        <p className="text-slate-800">{t('caseDetail.story.none')}</p>
      ) : (
        <dl className="flex flex-col gap-3">
          {questions.map((q) => (
            <div key={q.id}>
              <dt className="font-medium text-slate-900">{q.text}</dt>
              <dd className={q.answer ? 'whitespace-pre-line text-slate-800' : 'text-slate-700 italic'}>
                {q.answer || t('caseDetail.story.noAnswer')}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Block>
  );
}
