import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFER_DISPLAY_NAMES, OFFER_SLUGS, type OfferSlug } from '../../../contract/offers';
import { getOfferPill, getUpgradeOffers, getVisibleOffers, isOfferSigned } from '../../../contract/rules/offer-selection';
import { getErrorText } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { useChooseOffer, useMyCase } from './api';
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
        <OfferChoice caseId={myCase.data.id} chosen={myCase.data.offer?.slug ?? null} statusOrder={myCase.data.status.order} />
      )}
    </section>
  );
}

function OfferChoice({ caseId, chosen, statusOrder }: { caseId: string; chosen: OfferSlug | null; statusOrder: number }) {
  const { t } = useTranslation();
  const choose = useChooseOffer(caseId);
  const [pending, setPending] = useState<OfferSlug | null>(null);
  const onChoose = async (slug: OfferSlug) => {
    setPending(slug);
    try {
      await choose.mutateAsync(slug);
    } catch {
      // shown below
    } finally {
      setPending(null);
    }
  };
  const upgrades = getUpgradeOffers(OFFER_SLUGS, chosen);

  return (
    <>
      {chosen ? (
        <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 font-medium text-brand-900">
          {isOfferSigned(statusOrder) ? t('offer.signed', { offer: OFFER_DISPLAY_NAMES[chosen] }) : t('offer.requested', { offer: OFFER_DISPLAY_NAMES[chosen] })}
        </p>
      ) : (
        <p className="max-w-prose text-slate-800">{t('offer.intro')}</p>
      )}
      {choose.isError && <FormError message={getErrorText(choose.error, t)} />}
      <div className={chosen ? 'grid gap-6 md:grid-cols-2' : 'grid gap-6 md:grid-cols-3'}>
        {getVisibleOffers(OFFER_SLUGS, chosen).map((slug) => (
          <OfferCard
            key={slug}
            slug={slug}
            pill={getOfferPill(slug, chosen, statusOrder)}
            chosen={slug === chosen}
            busy={pending === slug}
            {...(chosen ? {} : { onChoose: () => onChoose(slug) })}
          />
        ))}
        {chosen && (
          <aside aria-labelledby="upgrade-heading" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="upgrade-heading" className="text-lg font-semibold text-slate-900">
              {t('offer.upgrade.heading')}
            </h2>
            {upgrades.length === 0 ? (
              <p className="text-slate-800">{t('offer.upgrade.top')}</p>
            ) : (
              <>
                <p className="text-slate-800">{t('offer.upgrade.text')}</p>
                {upgrades.map((slug) => (
                  <Button key={slug} variant="secondary" busy={pending === slug} onClick={() => onChoose(slug)}>
                    {t('offer.upgrade.button', { offer: OFFER_DISPLAY_NAMES[slug] })}
                  </Button>
                ))}
              </>
            )}
          </aside>
        )}
      </div>
      <section aria-labelledby="assurances-heading" className="rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="assurances-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldCheck className="size-5 text-green-700" aria-hidden="true" />
          {t('offer.assurances.heading')}
        </h2>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-slate-800">
          <li>{t('offer.assurances.compensation')}</li>
          <li>{t('offer.assurances.safetyNet')}</li>
          <li>{t('offer.assurances.coolingOff')}</li>
        </ul>
      </section>
    </>
  );
}
