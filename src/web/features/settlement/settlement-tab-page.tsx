import { AlertTriangle, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDutchDate, formatLongDate } from '../../../contract/rules/settlement-format';
import type { Settlement, SettlementVersion } from '../../../contract/settlement';
import { getStatus } from '../../../contract/statuses';
import { useCaseDetail } from '../../lib/case-detail-query';
import { getErrorText } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { SuccessMessage, useSuccessMessage } from '../../ui/success-message';
import { dayOf, todayInAmsterdam, useApproveCheck, useMarkFinal, useSettlement } from './api';
import { useLanguage } from '../../lib/use-language';
import { CoolingOffCountdown } from './components/cooling-off-countdown';
import { SignedForm } from './components/signed-form';
import { VersionCard } from './components/version-card';
import { VersionForm } from './components/version-form';
import { WwCheckBasis, WwCheckList } from './components/ww-check-list';

const INVOICING_ORDER = getStatus('ready-for-invoicing').order;

/**
 * Tab 'Vaststellingsovereenkomst' of case detail (/dossiers/{id}/vaststellingsovereenkomst):
 * the bedenktijd once signed, the WW check of the final version with 'WW-check akkoord', the
 * signed agreement, 'Nieuwe versie toevoegen' and the versions newest first, each with
 * 'Markeer als definitief'. Live through `case_changed` like the other tabs.
 */
export function SettlementTabPage() {
  const { t } = useTranslation();
  const { caseId = '' } = useParams();
  const settlement = useSettlement(caseId);
  const detail = useCaseDetail(caseId);
  const [adding, setAdding] = useState(false);
  const saved = useSuccessMessage();
  const heading = (
    <h2 id="settlement-heading" className="text-xl font-semibold text-slate-900">
      {t('settlement.tab.heading')}
    </h2>
  );
  if (settlement.isPending || settlement.isError) {
    return (
      <section aria-labelledby="settlement-heading" className="flex flex-col gap-4">
        {heading}
        {settlement.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-800">
            <Spinner />
            {t('settlement.tab.loading')}
          </p>
        ) : (
          <p role="alert" className="text-red-800">
            {t('settlement.tab.error')}
          </p>
        )}
      </section>
    );
  }
  const data = settlement.data;
  const today = todayInAmsterdam();
  const final = data.versions.find((v) => v.final);
  // A closed case (contract/rules/case-lock.ts) shows no button the server would refuse.
  const open = !data.signed && !data.closed;
  const finished = (detail.data?.status.order ?? 0) >= INVOICING_ORDER;
  return (
    <section aria-labelledby="settlement-heading" className="flex flex-col gap-6">
      {heading}
      <SuccessMessage message={saved.message} />
      <p className="text-slate-800">
        {t('settlement.calculator.tabNote')}{' '}
        <Link to="/transitievergoeding" className="font-medium text-brand-700 underline underline-offset-4">
          {t('settlement.calculator.link')}
        </Link>
      </p>
      {data.complete_task && !finished && (
        <p
          className={
            'flex items-center gap-2 rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 ' +
            'font-semibold text-slate-900'
          }
        >
          <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
          {t('settlement.coolingOff.task')}
        </p>
      )}
      {data.signed && <CoolingOffStatus data={data} today={today} />}
      {final && (
        <LawyerCheck
          caseId={caseId}
          data={data}
          final={final}
          onApproved={() => saved.show(t('settlement.ww.approvedNow'))}
        />
      )}
      {(data.signed || (final && !data.closed)) && (
        <SignedSection
          caseId={caseId}
          data={data}
          final={final}
          onSaved={() => saved.show(t('settlement.signed.saved'))}
        />
      )}
      <section aria-labelledby="versions-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="versions-heading" className="text-lg font-semibold text-slate-900">
            {t('settlement.tab.versionsHeading')}
          </h3>
          {open && !adding && (
            <Button onClick={() => setAdding(true)}>
              <Plus className="size-5" aria-hidden="true" />
              {t('settlement.tab.add')}
            </Button>
          )}
        </div>
        {!open && (
          <p className="text-slate-800">{t(data.closed ? 'settlement.tab.closed' : 'settlement.tab.locked')}</p>
        )}
        {adding && (
          <VersionForm
            caseId={caseId}
            newest={data.versions[0]}
            onCancel={() => setAdding(false)}
            onDone={(version) => {
              setAdding(false);
              saved.show(t('settlement.form.saved', { number: version.number }));
            }}
          />
        )}
        {data.versions.length === 0 ? (
          <p className="text-slate-800">{t('settlement.tab.empty')}</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {data.versions.map((version, index) => (
              <li key={version.id}>
                <VersionCard
                  version={version}
                  previous={data.versions[index + 1]}
                  audience="lawyer"
                  newest={index === 0}
                  today={today}
                  heading="h4"
                >
                  <LawyerVersionFooter
                    version={version}
                    canFinalise={open && !version.final}
                    onFinal={(number) => saved.show(t('settlement.tab.markedFinal', { number }))}
                  />
                </VersionCard>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}

/** The client's answers to a version, and 'Markeer als definitief'. */
function LawyerVersionFooter({
  version,
  canFinalise,
  onFinal,
}: {
  version: SettlementVersion;
  canFinalise: boolean;
  onFinal: (number: number) => void;
}) {
  const { t } = useTranslation();
  const markFinal = useMarkFinal();
  const [error, setError] = useState<string | null>(null);
  if (version.responses.length === 0 && !canFinalise) return null;
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      {version.responses.length > 0 && (
        <ul className="flex flex-col gap-1 text-slate-900">
          {version.responses.map((response) => (
            <li key={response.at} className="whitespace-pre-wrap">
              {response.response === 'agree'
                ? t('settlement.respond.clientAgreed', { date: dayOf(response.at) })
                : t('settlement.respond.clientAsked', { date: dayOf(response.at), text: response.text ?? '' })}
            </li>
          ))}
        </ul>
      )}
      {canFinalise && (
        <Button
          variant="secondary"
          className="w-full sm:w-fit"
          onClick={async () => {
            setError(null);
            try {
              await markFinal.mutateAsync(version.id);
              onFinal(version.number);
            } catch (failure) {
              setError(getErrorText(failure, t));
            }
          }}
        >
          {t('settlement.tab.markFinal')}
        </Button>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** The WW check of the final version: its items, the fictitious notice period, and 'WW-check akkoord'. */
function LawyerCheck({
  caseId,
  data,
  final,
  onApproved,
}: {
  caseId: string;
  data: Settlement;
  final: SettlementVersion;
  onApproved: () => void;
}) {
  const { t } = useTranslation();
  const approve = useApproveCheck(caseId);
  const [error, setError] = useState<string | null>(null);
  const check = data.check;
  return (
    <section
      aria-labelledby="ww-heading"
      className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:p-5"
    >
      <h3 id="ww-heading" className="text-lg font-semibold text-slate-900">
        {t('settlement.ww.heading')}
      </h3>
      <p className="text-slate-800">{t('settlement.ww.ofVersion', { number: final.number })}</p>
      {check?.result ? (
        <>
          <WwCheckList items={check.result.items} labelledBy="ww-heading" />
          <WwCheckBasis check={check} />
          <p className="text-slate-900">
            {t('settlement.ww.noticeEnd', {
              date: formatDutchDate(check.result.fictitious_notice_end),
              wwStart: formatDutchDate(check.result.ww_start_date),
            })}
          </p>
          {check.approved_at ? (
            <p className="font-medium text-slate-900">
              {t('settlement.ww.approved', { date: dayOf(check.approved_at) })}
            </p>
          ) : data.closed ? null : (
            <Button
              className="w-full sm:w-fit"
              onClick={async () => {
                setError(null);
                try {
                  await approve.mutateAsync();
                  onApproved();
                } catch (failure) {
                  setError(getErrorText(failure, t));
                }
              }}
            >
              {t('settlement.ww.approve')}
            </Button>
          )}
        </>
      ) : (
        <p className="text-slate-900">
          {t('settlement.ww.missing', {
            fields: (check?.missing ?? []).map((field) => t(`settlement.terms.${field}`)).join(', '),
          })}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}

/** The signed agreement: its form until it is recorded, then what was recorded with 'Opnieuw vastleggen'. */
function SignedSection({
  caseId,
  data,
  final,
  onSaved,
}: {
  caseId: string;
  data: Settlement;
  final: SettlementVersion | undefined;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [again, setAgain] = useState(false);
  const signed = data.signed;
  return (
    <section
      aria-labelledby="signed-heading"
      className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:p-5"
    >
      <h3 id="signed-heading" className="text-lg font-semibold text-slate-900">
        {t('settlement.signed.heading')}
      </h3>
      {signed && !again ? (
        <>
          <p className="text-slate-900">
            {t('settlement.signed.recorded', {
              dated: formatDutchDate(signed.dated),
              agreedOn: formatDutchDate(signed.agreed_on),
            })}
          </p>
          <p className="text-slate-900">
            {t(signed.cooling_off_clause ? 'settlement.signed.clauseYes' : 'settlement.signed.clauseNo')}
          </p>
          {signed.file && (
            <p className="text-slate-800">{t('settlement.signed.recordedFile', { name: signed.file.filename })}</p>
          )}
          {signed.correctable ? (
            <>
              <p className="text-sm text-slate-700">{t('settlement.signed.correctionHint')}</p>
              <Button variant="secondary" className="w-full sm:w-fit" onClick={() => setAgain(true)}>
                {t('settlement.signed.again')}
              </Button>
            </>
          ) : (
            <p className="text-sm text-slate-700">{t('settlement.signed.final')}</p>
          )}
        </>
      ) : (
        <SignedForm
          caseId={caseId}
          clauseStated={signed?.cooling_off_clause ?? final?.terms.cooling_off_clause === true}
          corrects={signed?.version}
          onCancel={signed ? () => setAgain(false) : undefined}
          onDone={() => {
            setAgain(false);
            onSaved();
          }}
        />
      )}
    </section>
  );
}

/** The bedenktijd as the lawyer sees it: running with the days left, passed, or none. */
function CoolingOffStatus({ data, today }: { data: Settlement; today: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const endsOn = data.cooling_off_ends_on;
  return (
    <section
      aria-labelledby="cooling-off-heading"
      className="flex flex-col gap-2 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 sm:p-5"
    >
      <h3 id="cooling-off-heading" className="text-lg font-semibold text-slate-900">
        {t('settlement.coolingOff.heading')}
      </h3>
      {!endsOn ? (
        <p className="text-slate-900">{t('settlement.coolingOff.none')}</p>
      ) : data.cooling_off_running ? (
        <>
          <p className="font-semibold text-slate-900">
            {t('settlement.coolingOff.running', { date: formatLongDate(endsOn, language) })}
          </p>
          <CoolingOffCountdown endsOn={endsOn} today={today} />
        </>
      ) : (
        <p className="text-slate-900">
          {t('settlement.coolingOff.passed', { date: formatLongDate(endsOn, language) })}
        </p>
      )}
    </section>
  );
}
