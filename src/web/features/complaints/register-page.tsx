import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegisterComplaint } from '../../../contract/complaints';
import { getErrorText } from '../../lib/error-text';
import { useFormatDate } from '../../lib/use-format-date';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { ComplaintFiles } from './complaint-files';
import {
  downloadComplaintRegister,
  useAdmins,
  useComplaintRegister,
  useComplaintStep,
  useSetComplaintsOfficer,
} from './api';

/**
 * /beheer/klachten: who is complaints officer (any admin may mark one), and for the officer the
 * register with each complaint's text, handling and outcome, and its CSV for the yearly review.
 */
export function ComplaintRegisterPage() {
  const { t } = useTranslation();
  const admins = useAdmins();
  const setOfficer = useSetComplaintsOfficer();
  const [error, setError] = useState<string | undefined>();
  const officer = admins.data?.find((a) => a.complaints_officer);
  // The register is the officer's alone: the server answers 403 to other admins.
  const register = useComplaintRegister(Boolean(admins.data));
  const forbidden = register.isError;

  const onDownload = async () => {
    setError(undefined);
    try {
      await downloadComplaintRegister();
    } catch (failure) {
      setError(getErrorText(failure, t));
    }
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeading>{t('complaints.register.title')}</PageHeading>
      <section aria-labelledby="officers-heading" className="flex flex-col gap-2">
        <h2 id="officers-heading" className="text-lg font-semibold text-slate-900">
          {t('complaints.register.officers')}
        </h2>
        <p className="text-slate-800">
          {officer ? t('complaints.register.officerIs', { name: officer.name }) : t('complaints.register.noOfficer')}
        </p>
        <ul className="flex flex-col gap-2">
          {admins.data?.map((admin) => (
            <li key={admin.id}>
              <label className="flex items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={admin.complaints_officer}
                  onChange={(e) =>
                    setOfficer.mutate(
                      { id: admin.id, officer: e.target.checked },
                      { onError: (failure) => setError(getErrorText(failure, t)) },
                    )
                  }
                />
                <span>{t('complaints.register.markOfficer', { name: admin.name, email: admin.email })}</span>
              </label>
            </li>
          ))}
        </ul>
      </section>
      <FormError message={error} />
      {forbidden ? (
        <p className="text-slate-800">{t('complaints.register.onlyOfficer')}</p>
      ) : (
        <section aria-labelledby="register-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="register-heading" className="text-lg font-semibold text-slate-900">
              {t('complaints.register.list')}
            </h2>
            <Button variant="secondary" onClick={onDownload}>
              {t('complaints.register.csv')}
            </Button>
          </div>
          {register.data?.length === 0 && <p>{t('complaints.register.empty')}</p>}
          <ul className="flex flex-col gap-4">
            {register.data?.map((complaint) => (
              <RegisterItem key={complaint.id} complaint={complaint} />
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function RegisterItem({ complaint }: { complaint: RegisterComplaint }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const step = useComplaintStep();
  const id = useId();
  const [handling, setHandling] = useState('');
  const [outcome, setOutcome] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = async (kind: 'handling' | 'outcome', text: string) => {
    setError(undefined);
    if (!text.trim()) {
      setError(t('complaints.register.textRequired'));
      return;
    }
    try {
      await step.mutateAsync({ id: complaint.id, step: kind, text: text.trim() });
      if (kind === 'handling') setHandling('');
      else setOutcome('');
    } catch (failure) {
      setError(getErrorText(failure, t));
    }
  };
  return (
    <li
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {t('complaints.register.itemTitle', { client: complaint.client_name, date: formatDate(complaint.created_at) })}
      </h3>
      <p className="text-sm text-slate-700">
        {t(`complaints.status.${complaint.status}`)} ·{' '}
        {t('complaints.answerBy', { date: formatDate(complaint.answer_by) })}
        {complaint.lawyer_names.length > 0 &&
          ` · ${t('complaints.register.about', { names: complaint.lawyer_names.join(', ') })}`}
      </p>
      <p className="whitespace-pre-wrap text-slate-900">{complaint.text}</p>
      <ComplaintFiles files={complaint.files} />
      {complaint.handling && (
        <p className="whitespace-pre-wrap text-slate-800">
          {t('complaints.register.handlingWas', { text: complaint.handling })}
        </p>
      )}
      {complaint.outcome && (
        <p className="whitespace-pre-wrap text-slate-800">
          {t('complaints.register.outcomeWas', { text: complaint.outcome })}
        </p>
      )}
      {complaint.status !== 'closed' && (
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-handling`} className="font-medium">
            {t('complaints.register.handling')}
          </label>
          <textarea
            id={`${id}-handling`}
            rows={3}
            value={handling}
            onChange={(e) => setHandling(e.target.value)}
            className="rounded-lg border border-slate-400 p-2"
          />
          <Button variant="secondary" className="w-fit" onClick={() => send('handling', handling)}>
            {t('complaints.register.saveHandling')}
          </Button>
          <label htmlFor={`${id}-outcome`} className="font-medium">
            {t('complaints.register.outcome')}
          </label>
          <textarea
            id={`${id}-outcome`}
            rows={3}
            value={outcome}
            onChange={(e) => setOutcome(e.target.value)}
            className="rounded-lg border border-slate-400 p-2"
          />
          <Button className="w-fit" onClick={() => send('outcome', outcome)}>
            {t('complaints.register.close')}
          </Button>
        </div>
      )}
      <FormError message={error} />
    </li>
  );
}
