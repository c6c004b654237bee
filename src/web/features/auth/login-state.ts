import { z } from 'zod';

/** Navigation state of /login/code: the address the code went to and where to go after login. */
export const CodeStepStateSchema = z.object({
  email: z.string().min(1),
  from: z.string().optional(),
  /** When the code was requested (ms since epoch): the resend cooldown runs from here. */
  sentAt: z.number().optional(),
});
export type CodeStepState = z.infer<typeof CodeStepStateSchema>;

/** Navigation state of /login: the page asked for, and the address when coming back with 'Terug'. */
export const LoginStepStateSchema = z.object({ from: z.string().optional(), email: z.string().optional() });
export type LoginStepState = z.infer<typeof LoginStepStateSchema>;

export function readState<T>(schema: z.ZodType<T>, state: unknown): T | null {
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** Navigation state of /login/tweestapsverificatie: the staff member's second step. */
export const TwoFactorStepStateSchema = z.object({
  email: z.string().min(1),
  from: z.string().optional(),
  challenge: z.string().min(1),
  setupRequired: z.boolean(),
});
export type TwoFactorStepState = z.infer<typeof TwoFactorStepStateSchema>;
