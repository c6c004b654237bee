import { canChangeOffer } from '../../../contract/rules/case-route';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFER_SLUGS, type OfferSlug } from '../../../contract/offers';
import { useOfferName } from '../../lib/offer-name';
import { useWithdrawalDays } from '../../lib/site';
import {
  getOfferPill,
  getUpgradeOffers,
  getVisibleOffers,
  isOfferSigned,
} from '../../../contract/rules/offer-selection';
import { getErrorText } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/field';
import { OfferConfirmDialog } from '../../widgets/offer-confirm-dialog';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { useMyCase } from '../../lib/my-case-query';
import { useChooseOffer } from './api';
import { OfferCard } from './components/offer-card';

/** The offer page (/offerte): 'Klaar voor jouw offerte?' with the three packages, then the chosen one. */
export function OfferPage() {
  const { t } = useTranslation();
  const myCase = useMyCase();
  return (
    <section className="flex flex-col gap-6">
      <PageHeading>{t('pages.offer.heading')}</PageHeading>
      {myCase.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-800">
          <Spinner />
          {t('offer.loading')}
        </p>
      ) : myCase.isError ? (
        <FormError message={getErrorText(myCase.error, t)} />
      ) : (
        <OfferChoice
          caseId={myCase.data.id}
          chosen={myCase.data.offer?.slug ?? null}
          statusOrder={myCase.data.status.order}
          locked={!canChangeOffer(myCase.data.status.slug, myCase.data.proposal_signed_at)}
        />
      )}
    </section>
  );
}

/** `locked`: the letter is signed, so the package is fixed and the upgrade box is gone. */
function OfferChoice({
  caseId,
  chosen,
  statusOrder,
  locked,
}: {
  caseId: string;
  chosen: OfferSlug | null;
  statusOrder: number;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const offerName = useOfferName();
  const withdrawalDays = useWithdrawalDays();
  const choose = useChooseOffer(caseId);
  // A choice or an upgrade is sent only after the confirm dialog (package, price, conditions).
  const [confirming, setConfirming] = useState<OfferSlug | null>(null);
  const onChoose = (slug: OfferSlug) => setConfirming(slug);
  const upgrades = getUpgradeOffers(OFFER_SLUGS, chosen);

  return (
    <>
      {chosen ? (
        <p
          role="status"
          className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 font-medium text-brand-900"
        >
          {isOfferSigned(statusOrder)
            ? t('offer.signed', { offer: offerName(chosen) })
            : t('offer.requested', { offer: offerName(chosen) })}
        </p>
      ) : (
        <p className="max-w-prose text-slate-800">{t('offer.intro', { days: withdrawalDays })}</p>
      )}
      <div className={chosen ? 'grid gap-6 md:grid-cols-2' : 'grid gap-6 md:grid-cols-3'}>
        {getVisibleOffers(OFFER_SLUGS, chosen).map((slug) => (
          <OfferCard
            key={slug}
            slug={slug}
            pill={getOfferPill(slug, chosen, statusOrder)}
            chosen={slug === chosen}
            busy={choose.isPending && choose.variables === slug}
            {...(chosen ? {} : { onChoose: () => onChoose(slug) })}
          />
        ))}
        {chosen && !locked && (
          <aside
            aria-labelledby="upgrade-heading"
            className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="upgrade-heading" className="text-lg font-semibold text-slate-900">
              {t('offer.upgrade.heading')}
            </h2>
            {upgrades.length === 0 ? (
              <p className="text-slate-800">{t('offer.upgrade.top')}</p>
            ) : (
              <>
                <p className="text-slate-800">{t('offer.upgrade.text')}</p>
                {upgrades.map((slug) => (
                  <Button
                    key={slug}
                    variant="secondary"
                    busy={choose.isPending && choose.variables === slug}
                    onClick={() => onChoose(slug)}
                  >
                    {t('offer.upgrade.button', { offer: offerName(slug) })}
                  </Button>
                ))}
              </>
            )}
          </aside>
        )}
      </div>
      <OfferConfirmDialog
        offer={confirming}
        onClose={() => setConfirming(null)}
        onConfirm={(slug) => choose.mutateAsync(slug)}
        title={chosen ? t('offer.confirm.upgradeTitle') : t('offer.confirm.chooseTitle')}
      />
      <section aria-labelledby="assurances-heading" className="rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="assurances-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldCheck className="size-5 text-green-700" aria-hidden="true" />
          {t('offer.assurances.heading')}
        </h2>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-slate-800">
          <li>{t('offer.assurances.compensation')}</li>
          <li>{t('offer.assurances.safetyNet')}</li>
          <li>{t('offer.assurances.coolingOff', { days: withdrawalDays })}</li>
        </ul>
      </section>
    </>
  );
}
