import { z } from 'zod';

export const ArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  description: z.string(),
  link: z.string(),
  tags: z.array(z.string()),
});
export type Article = z.infer<typeof ArticleSchema>;
