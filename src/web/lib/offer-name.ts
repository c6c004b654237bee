import { useTranslation } from 'react-i18next';
import type { OfferSlug } from '../../contract/offers';

/** A package's name in the reader's language ('Start onbezorgd', 'Start Worry-Free'). */
export function useOfferName(): (slug: OfferSlug) => string {
  const { t } = useTranslation();
  return (slug) => t(`offer.packages.${slug}.name`);
}
