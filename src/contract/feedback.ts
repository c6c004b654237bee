import { z } from 'zod';
import { text } from './text';
import { validationKey } from './validation-messages';
import { paginatedSchema } from './pagination';

export const FEEDBACK_MAX_LENGTH = 5000;
export const FEEDBACK_PER_PAGE = 10;
/** Previews on the lawyer's feedback page are cut at this many characters. */
export const FEEDBACK_PREVIEW_LENGTH = 130;

/** Feedback as the lawyer reads it. */
export const FeedbackSchema = z.object({
  id: z.string().uuid(),
  user: z.object({ full_name: z.string(), email: z.string() }),
  case: z.object({ id: z.string().uuid() }),
  text: z.string(),
  read_by_lawyer: z.boolean(),
  last_updated_at: z.string(),
  created_at: z.string(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const FeedbackResponseSchema = z.object({ data: FeedbackSchema });
export const LatestFeedbackResponseSchema = z.object({ data: FeedbackSchema.nullable() });
export const FeedbackListResponseSchema = paginatedSchema(FeedbackSchema);
export type FeedbackList = z.infer<typeof FeedbackListResponseSchema>;

/** Translation key of 'Feedback kan niet leeg zijn.' */
export const FEEDBACK_EMPTY_MESSAGE = validationKey('feedbackEmpty');

/** POST /api/cases/{id}/lawyers/{lawyerId}/feedback. */
export const CreateFeedbackRequestSchema = z
  .object({
    text: text({
      multiline: true,
      params: { required_error: FEEDBACK_EMPTY_MESSAGE, invalid_type_error: FEEDBACK_EMPTY_MESSAGE },
    })
      .trim()
      .min(1, FEEDBACK_EMPTY_MESSAGE)
      .max(FEEDBACK_MAX_LENGTH),
  })
  .strict();
export type CreateFeedbackRequest = z.infer<typeof CreateFeedbackRequestSchema>;

export const FeedbackListQuerySchema = z
  .object({ page: z.coerce.number().int().min(1).max(100_000).default(1) })
  .strict();
