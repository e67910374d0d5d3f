import {
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_MAX,
  PASSWORD_MISMATCH_MESSAGE,
  emailSchema,
  nameSchema,
  passwordSchema,
  sessionBody,
} from '@acervo/contract/auth';
import { z } from 'zod';

/**
 * The forms validate with the contract's schemas, the same ones the API applies. Their messages
 * are the spec's Portuguese texts; the forms show catalogue keys instead (see *ErrorKey below),
 * so English users read English.
 */
export const registerFormSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string().min(1, PASSWORD_MISMATCH_MESSAGE).max(PASSWORD_MAX),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['password_confirmation'],
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormOutput = z.output<typeof registerFormSchema>;

export const loginFormSchema = sessionBody.extend({ remember: z.boolean() });
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormOutput = z.output<typeof loginFormSchema>;

export const recoverFormSchema = z.object({ email: emailSchema });
export type RecoverFormInput = z.input<typeof recoverFormSchema>;

/** Each register field has one spec message, except the password (rule, or too common). */
export function registerErrorKey(
  field: keyof RegisterFormInput,
  message: string | undefined,
): string | undefined {
  if (message === undefined) return undefined;
  switch (field) {
    case 'name':
      return 'validation.nameRequired';
    case 'email':
      return 'validation.emailRequired';
    case 'password':
      return message === PASSWORD_COMMON_MESSAGE ? 'validation.passwordCommon' : 'validation.passwordRule';
    case 'password_confirmation':
      return 'validation.passwordMismatch';
  }
}
