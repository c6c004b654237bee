import { z } from 'zod';
import { text } from './text';
import { validationKey } from './validation-messages';

/** 32 symbols: A–Z and 2–9 without I and O. */
export const LOGIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const LOGIN_CODE_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;

export const EmailSchema = text().trim().min(1).max(254).email().toLowerCase();

export const RequestCodeRequestSchema = z.object({ email: EmailSchema }).strict();
export type RequestCodeRequest = z.infer<typeof RequestCodeRequestSchema>;

export const LoginCodeSchema = text()
  .trim()
  .length(LOGIN_CODE_LENGTH, validationKey('invalidCode'))
  .transform((code) => code.toUpperCase());

export const TokenRequestSchema = z.object({ email: EmailSchema, code: LoginCodeSchema }).strict();
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const TokenResponseSchema = z.object({ token: z.string().min(1) });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
