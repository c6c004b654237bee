import { z } from 'zod';
import { TokenResponseSchema } from './auth';
import { text } from './text';
import { validationKey } from './validation-messages';

/** TOTP (RFC 6238): 6 digits, 30 s steps, SHA-1, one step of clock drift either way. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: 10 symbols of the login-code alphabet, shown as two groups of five (XXXXX-XXXXX). */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const ChallengeSchema = text()
  .trim()
  .min(20, 'Invalid challenge')
  .max(200, 'Invalid challenge')
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid challenge');

/** A wrong code reads 'Vul de 6 cijfers uit je authenticator-app in.' in forms and 422 answers alike. */
export const TotpCodeSchema = text()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, validationKey('totpCode')));

export const RecoveryCodeSchema = text()
  .transform((code) => code.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-9]{10}$/, validationKey('recoveryCode')));

/** Answer of POST /api/token for staff: no token yet, a second step first. */
export const TwoFactorRequiredResponseSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  setup_required: z.literal(true).optional(),
});
export type TwoFactorRequiredResponse = z.infer<typeof TwoFactorRequiredResponseSchema>;

export const TwoFactorSetupRequestSchema = z.object({ challenge: ChallengeSchema }).strict();
export const TwoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

export const TwoFactorEnableRequestSchema = z.object({ challenge: ChallengeSchema, code: TotpCodeSchema }).strict();
export const TwoFactorEnableResponseSchema = z.object({
  token: z.string().min(1),
  recovery_codes: z.array(z.string()),
});
export type TwoFactorEnableResponse = z.infer<typeof TwoFactorEnableResponseSchema>;

/** The second step of sign-in: a TOTP code, or one recovery code. */
export const TwoFactorVerifyRequestSchema = z.union([
  z.object({ challenge: ChallengeSchema, code: TotpCodeSchema }).strict(),
  z.object({ challenge: ChallengeSchema, recovery_code: RecoveryCodeSchema }).strict(),
]);
export type TwoFactorVerifyRequest = z.input<typeof TwoFactorVerifyRequestSchema>;

/** 'Mijn account': a fresh code (or a recovery code) before regenerating or re-enrolling. */
export const FreshCodeRequestSchema = z.union([
  z.object({ code: TotpCodeSchema }).strict(),
  z.object({ recovery_code: RecoveryCodeSchema }).strict(),
]);
export type FreshCodeRequest = z.input<typeof FreshCodeRequestSchema>;

export const ConfirmCodeRequestSchema = z.object({ code: TotpCodeSchema }).strict();

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_remaining: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
export const TwoFactorStatusResponseSchema = z.object({ data: TwoFactorStatusSchema });

export const RecoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

/** POST /api/token answers a token (clients) or a second-factor challenge (staff). */
export const SignInResponseSchema = z.union([TokenResponseSchema, TwoFactorRequiredResponseSchema]);
export type SignInResponse = z.infer<typeof SignInResponseSchema>;
