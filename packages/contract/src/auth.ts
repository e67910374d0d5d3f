import { z } from 'zod';
import { envelope, idSchema } from './common.ts';
import { isCommonPassword } from './common-passwords.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * The spec's message for the password rule, used as the validation message so the API and the
 * forms say the same thing.
 */
export const PASSWORD_RULE_MESSAGE = 'A senha deve conter no mínimo 8 caracteres, com letras e números.';
export const PASSWORD_COMMON_MESSAGE = 'Esta senha é muito comum. Escolha outra.';
export const PASSWORD_MISMATCH_MESSAGE = 'As senhas não coincidem.';

/** At least one letter (any script) and one digit; other characters are allowed too. */
export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    /\p{L}/u.test(password) &&
    /\p{Nd}/u.test(password)
  );
}

export const passwordSchema = z
  .string({ error: PASSWORD_RULE_MESSAGE })
  .refine(meetsPasswordRule, { message: PASSWORD_RULE_MESSAGE, abort: true })
  .refine((p) => !isCommonPassword(p), { message: PASSWORD_COMMON_MESSAGE });

/** Trimmed and lower-cased so that "Ana@X.com " and "ana@x.com" are the same account. */
export const emailSchema = z
  .string({ error: 'Informe o seu e-mail.' })
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Informe o seu e-mail.' }));

export const nameSchema = z
  .string({ error: 'Informe o seu nome completo' })
  .trim()
  .min(1, 'Informe o seu nome completo')
  .max(120);

export const registrationBody = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: PASSWORD_MISMATCH_MESSAGE }),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['password_confirmation'],
  });
export type RegistrationBody = z.input<typeof registrationBody>;

export const sessionBody = z.object({
  user: z.object({
    email: emailSchema,
    // Login does not re-check the rule: old accounts and typos both just get a 401.
    password: z.string({ error: 'Informe sua senha.' }).min(1, 'Informe sua senha.').max(PASSWORD_MAX),
  }),
});
export type SessionBody = z.input<typeof sessionBody>;

export const sessionSchema = z.object({
  access_token: z.string(),
  user_id: idSchema,
  user_name: z.string(),
  user_email: z.string(),
  expires_at: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionResponse = envelope(sessionSchema);
export const logoutResponse = envelope(z.object({ signed_out: z.literal(true) }));
