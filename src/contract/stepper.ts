import { z } from 'zod';
import { ArticleSchema } from './articles';
import { StatusSlugSchema } from './statuses';

/** What a next-step button does; the web maps each action to a route or dialog and a label. */
export const STEP_BUTTON_ACTIONS = [
  'personal-data',
  'employer-data',
  'documents',
  'my-story',
  'offer',
  'feedback',
  'review',
  'lawyer',
  'proposal',
] as const;
export const StepButtonActionSchema = z.enum(STEP_BUTTON_ACTIONS);
export type StepButtonAction = z.infer<typeof StepButtonActionSchema>;

export const StepButtonSchema = z.object({ action: StepButtonActionSchema, label: z.string() });
export type StepButton = z.infer<typeof StepButtonSchema>;

/** One version of a phase's texts for the client. */
export const StepContentSchema = z.object({
  subtitle: z.string(),
  colour: z.enum(['red', 'green']),
  title: z.string(),
  description: z.string(),
  buttons: z.array(StepButtonSchema),
});
export type StepContent = z.infer<typeof StepContentSchema>;

/**
 * What `statuses.content` holds: Dutch texts, with an optional English translation.
 * For ready-for-invoicing and completed, `complete` is the text once feedback was given.
 */
export const StatusContentSchema = z.object({
  incomplete: StepContentSchema,
  complete: StepContentSchema,
  en: z.object({ incomplete: StepContentSchema, complete: StepContentSchema }).optional(),
});
export type StatusContent = z.infer<typeof StatusContentSchema>;

export const StepperStepSchema = z.object({
  slug: StatusSlugSchema,
  display_name: z.string(),
  content_incomplete: StepContentSchema,
  content_complete: StepContentSchema,
  order: z.number().int(),
  is_current: z.boolean(),
  is_complete: z.boolean(),
  articles: z.array(ArticleSchema),
});
export type StepperStep = z.infer<typeof StepperStepSchema>;

/** GET /api/cases/{id}/status-stepper. */
export const StepperSchema = z.object({
  profile_complete: z.boolean(),
  company_details_complete: z.boolean(),
  documents_complete: z.boolean(),
  feedback: z.boolean(),
  stepper: z.array(StepperStepSchema),
});
export type Stepper = z.infer<typeof StepperSchema>;
export const StepperResponseSchema = z.object({ data: StepperSchema });

export const STEPPER_LANGUAGES = ['nl-NL', 'en-US'] as const;
export const StepperQuerySchema = z.object({ lang: z.enum(STEPPER_LANGUAGES).optional() }).strict();
