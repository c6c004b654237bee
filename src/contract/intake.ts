import { z } from 'zod';

/**
 * POST /api/intake/typeform: the delivery is recorded (or was already, when the form service
 * sends it again).
 */
export const IntakeReceivedResponseSchema = z.object({ message: z.literal('ok') });
