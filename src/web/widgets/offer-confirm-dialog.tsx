import { Check } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfferSlug } from '../../contract/offers';
import { useOfferName } from '../lib/offer-name';
import { useWithdrawalDays } from '../lib/site';
import { getErrorText } from '../lib/error-text';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormError } from '../ui/field';
import { termLang } from '../lib/english-term';

export type OfferConfirmDialogProps = {
  /** The package to confirm; null keeps the dialog closed. */
  offer: OfferSlug | null;
  onClose: () => void;
  /** Sends the choice; the dialog closes when it succeeds and shows the error when it fails. */
  onConfirm: (offer: OfferSlug) => Promise<unknown>;
  /** Who sees it: the client choosing or upgrading, or the lawyer changing the case's package. */
  title: string;
  /** A sentence above the package (the lawyer's note on the engagement letter). */
  note?: ReactNode;
};

/**
 * Confirms a package choice before it is sent: the package, its price and what
 * comes with it, and the conditions (cost compensation, safety net, withdrawal period).
 */
export function OfferConfirmDialog({ offer, onClose, onConfirm, title, note }: OfferConfirmDialogProps) {
  const { t } = useTranslation();
  const offerName = useOfferName();
  const withdrawalDays = useWithdrawalDays();
  const conditionsId = useId();
  const [error, setError] = useState<string | undefined>();
  const [shown, setShown] = useState<OfferSlug | null>(offer);
  // Keep the last package on screen while the dialog animates closed.
  if (offer && offer !== shown) setShown(offer);
  const slug = offer ?? shown;
  const features = slug ? (t(`offer.packages.${slug}.features`, { returnObjects: true }) as unknown) : [];
  const confirm = async () => {
    if (!offer) return;
    setError(undefined);
    try {
      await onConfirm(offer);
      onClose();
    } catch (e) {
      setError(getErrorText(e, t));
    }
  };
  return (
    <Dialog
      open={offer !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(undefined);
          onClose();
        }
      }}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('offer.confirm.cancel')}
          </Button>
          <Button onClick={confirm}>{slug ? t('offer.confirm.confirm', { offer: offerName(slug) }) : null}</Button>
        </>
      }
    >
      {slug && (
        <div className="flex flex-col gap-4" data-testid="offer-confirm">
          {note && <p className="text-slate-800">{note}</p>}
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <p className="text-lg font-bold text-slate-900">{offerName(slug)}</p>
            <p>
              <span className="text-2xl font-bold text-brand-800" lang={termLang(t, `offer.packages.${slug}.price`)}>
                {t(`offer.packages.${slug}.price`)}
              </span>{' '}
              <span className="text-sm text-slate-700">{t(`offer.packages.${slug}.priceNote`)}</span>
            </p>
            <p className="mt-1 font-medium text-slate-900">{t(`offer.packages.${slug}.promise`)}</p>
            <ul className="mt-2 flex flex-col gap-1">
              {(Array.isArray(features) ? (features as string[]) : []).map((feature) => (
                <li key={feature} className="flex gap-2 text-slate-800">
                  <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
          <section aria-labelledby={conditionsId}>
            <h3 id={conditionsId} className="font-semibold text-slate-900">
              {t('offer.confirm.conditions')}
            </h3>
            <ul className="mt-1 flex list-disc flex-col gap-1 pl-5 text-slate-800">
              <li>{t('offer.assurances.compensation')}</li>
              <li>{t('offer.assurances.safetyNet')}</li>
              <li>{t('offer.assurances.coolingOff', { days: withdrawalDays })}</li>
            </ul>
          </section>
          <FormError message={error} />
        </div>
      )}
    </Dialog>
  );
}
