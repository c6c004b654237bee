import { z } from 'zod';

/** 32 symbols: A–Z and 2–9 without I and O (DESIGN.md section 2). */
export const LOGIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const LOGIN_CODE_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;

export const EmailSchema = z.string().trim().min(1, 'Required').max(254).email('Invalid email').toLowerCase();

export const RequestCodeRequestSchema = z.object({ email: EmailSchema }).strict();
export type RequestCodeRequest = z.infer<typeof RequestCodeRequestSchema>;

export const LoginCodeSchema = z
  .string()
  .trim()
  .length(LOGIN_CODE_LENGTH, 'Invalid code')
  .transform((code) => code.toUpperCase());

export const TokenRequestSchema = z.object({ email: EmailSchema, code: LoginCodeSchema }).strict();
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const TokenResponseSchema = z.object({ token: z.string().min(1) });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
