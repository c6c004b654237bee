import { z } from 'zod';

export const PaginationLinkSchema = z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() });

/** The paginated list shape. */
export function paginatedSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.array(item),
    links: z.object({
      first: z.string().nullable(),
      last: z.string().nullable(),
      prev: z.string().nullable(),
      next: z.string().nullable(),
    }),
    meta: z.object({
      current_page: z.number().int(),
      from: z.number().int().nullable(),
      last_page: z.number().int(),
      links: z.array(PaginationLinkSchema),
      path: z.string(),
      per_page: z.number().int(),
      to: z.number().int().nullable(),
      total: z.number().int(),
    }),
  });
}
