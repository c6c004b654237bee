import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseLawyerView } from '../../../../contract/cases';
import { OFFER_SLUGS, type OfferSlug } from '../../../../contract/offers';
import { useOfferName } from '../../../lib/offer-name';
import { canChangeOffer } from '../../../../contract/rules/case-route';
import { Button } from '../../../ui/button';
import { OfferConfirmDialog } from '../../../widgets/offer-confirm-dialog';
import { useChangeOffer } from '../api';

/**
 * 'Pakket wijzigen' in the dossier block: the lawyer picks another package,
 * confirms it with its price and conditions, and the server moves the case through the
 * workflow. Once the engagement letter is signed the package is fixed and only that is said.
 */
export function OfferChangeControl({ view }: { view: CaseLawyerView }) {
  const { t } = useTranslation();
  const offerName = useOfferName();
  const change = useChangeOffer(view.id);
  const [confirming, setConfirming] = useState<OfferSlug | null>(null);
  if (!canChangeOffer(view.status.slug, view.proposal_signed_at)) {
    return view.offer ? <p className="text-sm text-slate-700">{t('caseDetail.dossier.offerLocked')}</p> : null;
  }
  const others = OFFER_SLUGS.filter((slug) => slug !== view.offer?.slug);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium text-slate-900">{t('caseDetail.dossier.changeOffer')}</legend>
      <p className="sr-only">{t('caseDetail.dossier.changeOfferFor')}</p>
      <div className="flex flex-wrap gap-2">
        {others.map((slug) => (
          <Button
            key={slug}
            variant="secondary"
            busy={change.isPending && change.variables === slug}
            onClick={() => setConfirming(slug)}
          >
            {offerName(slug)}
          </Button>
        ))}
      </div>
      <OfferConfirmDialog
        offer={confirming}
        onClose={() => setConfirming(null)}
        onConfirm={(slug) => change.mutateAsync(slug)}
        title={t('caseDetail.dossier.changeOfferTitle')}
        note={t('caseDetail.dossier.changeOfferNote')}
      />
    </fieldset>
  );
}
