import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseLawyerView } from '../../../../contract/cases';
import { MINIMAL_ACHIEVEMENTS, type MinimalAchievement } from '../../../../contract/offers';
import { canSendProposal } from '../../../../contract/rules/case-route';
import { getErrorText } from '../../../lib/error-text';
import { useFormatDate } from '../../../lib/use-format-date';
import { Button } from '../../../ui/button';
import { useSendProposal } from '../api';

const GUARANTEE_ITEMS: Record<MinimalAchievement, string[]> = {
  M1: ['1', '2', '3'],
  M2: ['1', '2', '3'],
  M3: ['1', '2'],
};

/**
 * 'Opdrachtbevestiging versturen': at offer-chosen (and again at proposal, which
 * replaces the letter) the lawyer picks the minimum result guarantee M1, M2 or M3, shown with
 * its conditions, and sends the engagement letter.
 */
export function ProposalControl({ view }: { view: CaseLawyerView }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const send = useSendProposal(view.id);
  const [choice, setChoice] = useState<MinimalAchievement | null>(view.minimal_achievement);
  const [error, setError] = useState<string | null>(null);
  if (!canSendProposal(view.status.slug) || view.proposal_signed_at) return null;
  const resend = view.status.slug === 'proposal';
  const onSend = async () => {
    if (!choice) {
      setError(t('caseRoute.proposal.chooseFirst'));
      return;
    }
    setError(null);
    try {
      await send.mutateAsync(choice);
    } catch (failure) {
      setError(getErrorText(failure, t));
    }
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-slate-900">{t('caseRoute.proposal.legend')}</legend>
      {!view.offer && <p className="text-slate-800">{t('caseRoute.proposal.noOffer')}</p>}
      {resend && view.proposal_sent_at && (
        <p className="text-slate-800">{t('caseRoute.proposal.sentOn', { date: formatDate(view.proposal_sent_at) })}</p>
      )}
      {MINIMAL_ACHIEVEMENTS.map((m) => (
        <label key={m} className="flex cursor-pointer items-start gap-3 rounded-md p-2 hover:bg-slate-50">
          <input
            type="radio"
            name={`guarantee-${view.id}`}
            value={m}
            checked={choice === m}
            onChange={() => setChoice(m)}
            className="mt-1 size-5"
          />
          <span>
            <span className="font-medium text-slate-900">{t(`caseDetail.guarantee.${m}.title`)}</span>
            <ul className="list-disc pl-5 text-sm text-slate-800">
              {GUARANTEE_ITEMS[m].map((n) => (
                <li key={n}>{t(`caseDetail.guarantee.${m}.item${n}`)}</li>
              ))}
            </ul>
          </span>
        </label>
      ))}
      {error && (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      )}
      {send.isSuccess && !error && (
        <p role="status" className="text-green-800">
          {t('caseRoute.proposal.sent')}
        </p>
      )}
      <Button onClick={onSend} disabled={!view.offer} className="w-fit">
        {resend ? t('caseRoute.proposal.resend') : t('caseRoute.proposal.send')}
      </Button>
    </fieldset>
  );
}
