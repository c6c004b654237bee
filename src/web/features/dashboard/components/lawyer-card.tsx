import { useTranslation } from 'react-i18next';
import type { Lawyer } from '../../../../contract/lawyers';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { EmailAddress } from '../../../ui/email-address';

type LawyerCardProps = {
  lawyers: Lawyer[];
  offerChosen: boolean;
  supportEmail: string | undefined;
  onOpen: () => void;
};

/** The client's lawyer, or the text that none is assigned yet (with the 24-hour promise once a package is chosen). */
export function LawyerCard({ lawyers, offerChosen, supportEmail, onOpen }: LawyerCardProps) {
  const { t } = useTranslation();
  // The assigned lawyer first; a stand-in is named beside them as stand-in.
  const lawyer = lawyers.find((l) => !l.stand_in) ?? lawyers[0];
  const standIn = lawyers.find((l) => l.stand_in && l.id !== lawyer?.id);
  return (
    <section
      aria-labelledby="lawyer-card-heading"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="lawyer-card-heading" className="text-lg font-semibold text-slate-900">
        {t('dashboard.lawyer.heading', { count: Math.max(lawyers.length, 1) })}
      </h2>
      {lawyer ? (
        <>
          <div className="flex items-center gap-4">
            <Avatar src={lawyer.avatar} className="size-16" />
            <div>
              {lawyer.stand_in && (
                <p className="text-sm font-semibold text-brand-700">{t('admin.standIn.cardLabel')}</p>
              )}
              <p className="font-semibold text-slate-900">{lawyer.full_name}</p>
              <p className="text-slate-800">{lawyer.title || t('dashboard.lawyer.defaultTitle')}</p>
            </div>
          </div>
          {standIn && (
            <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3">
              <Avatar src={standIn.avatar} className="size-10" />
              <div>
                <p className="text-sm font-semibold text-brand-700">{t('admin.standIn.cardLabel')}</p>
                <p className="font-semibold text-slate-900">{standIn.full_name}</p>
              </div>
            </div>
          )}
          <blockquote className="text-slate-800 italic">
            “{lawyer.quote || t('dashboard.lawyer.defaultQuote')}”
          </blockquote>
          <Button variant="secondary" onClick={onOpen}>
            {t('dashboard.lawyer.viewProfile', { count: lawyers.length })}
          </Button>
        </>
      ) : (
        <>
          <p className="text-slate-900">{t('dashboard.lawyer.none')}</p>
          {offerChosen && <p className="text-slate-800">{t('dashboard.lawyer.assignedWithin')}</p>}
          {supportEmail && (
            <p className="text-slate-800">
              {t('dashboard.lawyer.support')}{' '}
              <a href={`mailto:${supportEmail}`} className="text-brand-700 underline underline-offset-4">
                <EmailAddress value={supportEmail} />
              </a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
