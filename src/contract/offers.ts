import { z } from 'zod';

export const OFFER_SLUGS = ['start', 'complete', 'extreme'] as const;
export const OfferSlugSchema = z.enum(OFFER_SLUGS);
export type OfferSlug = z.infer<typeof OfferSlugSchema>;

/** Package names; prices and promises are translated texts on the web side. */
export const OFFER_DISPLAY_NAMES: Record<OfferSlug, string> = {
  start: 'Start onbezorgd',
  complete: 'Compleet onbezorgd',
  extreme: 'Extreem onbezorgd',
};

export const OfferSchema = z.object({ slug: OfferSlugSchema, display_name: z.string() });
export type Offer = z.infer<typeof OfferSchema>;

export const UpdateOfferRequestSchema = z.object({ offer: OfferSlugSchema }).strict();
export type UpdateOfferRequest = z.infer<typeof UpdateOfferRequestSchema>;

export const MINIMAL_ACHIEVEMENTS = ['M1', 'M2', 'M3'] as const;
export const MinimalAchievementSchema = z.enum(MINIMAL_ACHIEVEMENTS);
export type MinimalAchievement = z.infer<typeof MinimalAchievementSchema>;
