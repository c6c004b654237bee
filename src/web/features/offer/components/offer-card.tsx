import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OfferSlug } from '../../../../contract/offers';
import { useOfferName } from '../../../lib/offer-name';
import type { OfferPill } from '../../../../contract/rules/offer-selection';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { termLang } from '../../../lib/english-term';

type OfferCardProps = { slug: OfferSlug; pill: OfferPill; chosen: boolean; busy: boolean; onChoose?: () => void };

const pillClasses: Record<Exclude<OfferPill, null>, string> = {
  'most-chosen': 'bg-amber-100 text-amber-900',
  requested: 'bg-brand-100 text-brand-900',
  signed: 'bg-green-100 text-green-900',
};

/** One package: name, price, promise, what is included, its pill and a choose button. */
export function OfferCard({ slug, pill, chosen, busy, onChoose }: OfferCardProps) {
  const { t } = useTranslation();
  const name = useOfferName()(slug);
  const features = t(`offer.packages.${slug}.features`, { returnObjects: true }) as unknown;
  return (
    <article
      aria-labelledby={`offer-${slug}-name`}
      className={cn(
        'flex flex-col gap-4 rounded-2xl border-2 bg-white p-6 shadow-sm',
        chosen ? 'border-brand-700' : pill === 'most-chosen' ? 'border-amber-500' : 'border-slate-200',
      )}
      data-testid={`offer-${slug}`}
    >
      <div className="flex min-h-8 items-start justify-between gap-2">
        <h2 id={`offer-${slug}-name`} className="text-xl font-bold text-slate-900">
          {name}
        </h2>
        {pill && (
          <span className={cn('rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap', pillClasses[pill])}>
            {t(`offer.pill.${pill}`)}
          </span>
        )}
      </div>
      <p>
        <span className="block text-3xl font-bold text-brand-800" lang={termLang(t, `offer.packages.${slug}.price`)}>
          {t(`offer.packages.${slug}.price`)}
        </span>
        <span className="text-sm text-slate-700">{t(`offer.packages.${slug}.priceNote`)}</span>
      </p>
      <p className="font-medium text-slate-900">{t(`offer.packages.${slug}.promise`)}</p>
      <ul className="flex flex-1 flex-col gap-2">
        {(Array.isArray(features) ? (features as string[]) : []).map((feature) => (
          <li key={feature} className="flex gap-2 text-slate-800">
            <Check className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      {onChoose && (
        <Button onClick={onChoose} busy={busy} variant={slug === 'complete' ? 'primary' : 'secondary'}>
          {t('offer.choose', { offer: name })}
        </Button>
      )}
    </article>
  );
}
