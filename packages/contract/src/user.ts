import { z } from 'zod';
import { envelope, idSchema } from './common.ts';

/** The 27 federative units of Brazil, by full name, as the account form lists them. */
export const BRAZILIAN_STATES = [
  'Acre',
  'Alagoas',
  'Amapá',
  'Amazonas',
  'Bahia',
  'Ceará',
  'Distrito Federal',
  'Espírito Santo',
  'Goiás',
  'Maranhão',
  'Mato Grosso',
  'Mato Grosso do Sul',
  'Minas Gerais',
  'Pará',
  'Paraíba',
  'Paraná',
  'Pernambuco',
  'Piauí',
  'Rio de Janeiro',
  'Rio Grande do Norte',
  'Rio Grande do Sul',
  'Rondônia',
  'Roraima',
  'Santa Catarina',
  'São Paulo',
  'Sergipe',
  'Tocantins',
] as const;

export const COUNTRIES = ['Brasil'] as const;
/** Terms of use: accounts belong to adults. */
export const MINIMUM_AGE = 18;

/** Messages of the account form (spec section 5), plus ours for malformed values. */
export const ACCOUNT_MESSAGES = {
  name: 'Preencha o campo com o seu nome.',
  alias_name: 'Preencha o campo como gosta de ser chamado.',
  cellular: 'Preencha o campo telefone.',
  cellularInvalid: 'Informe um celular brasileiro com DDD, por exemplo (11) 91234-5678.',
  birthday: 'Preencha o campo aniversário.',
  birthdayInvalid: 'Informe uma data válida no formato DD/MM/AAAA.',
  birthdayUnderage: 'É preciso ter 18 anos ou mais para usar o Acervo.',
  address: 'Preencha o campo endereço.',
  country: 'Selecione o seu país.',
  state: 'Selecione o estado.',
  city: 'Preencha o campo cidade.',
  postal_code: 'Preencha o campo Cep.',
  postalCodeInvalid: 'Informe o CEP no formato 00000-000.',
} as const;

/** The database cannot store the NUL character; refusing it here keeps that a 400, not a 500. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
export const NO_NUL = /^[^\u0000]*$/;
export const NUL_MESSAGE = 'O texto contém um caractere inválido.';

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Use no máximo ${max} caracteres.`)
    .regex(NO_NUL, NUL_MESSAGE);

/**
 * A Brazilian phone: optional +55, a two-digit area code (DDD, no zeros) and 8 digits (landline)
 * or 9 starting with 9 (mobile). Stored formatted: "(11) 91234-5678".
 */
export function formatBrazilianPhone(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) digits = digits.slice(2);
  if (!/^[1-9]{2}(9\d{8}|[2-5]\d{7})$/.test(digits)) return null;
  const ddd = digits.slice(0, 2);
  const rest = digits.slice(2);
  const cut = rest.length - 4;
  return `(${ddd}) ${rest.slice(0, cut)}-${rest.slice(cut)}`;
}

/** Accepts ISO `AAAA-MM-DD` or the displayed `DD/MM/AAAA`; returns ISO, or null if not a real date. */
export function parseBirthday(input: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(input);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : br
      ? [Number(br[3]), Number(br[2]), Number(br[1])]
      : [NaN, NaN, NaN];
  if (!Number.isInteger(y) || y < 1900) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** True when someone born on `isoDate` is at least `years` old on `today`. */
export function isAtLeast(isoDate: string, years: number, today = new Date()): boolean {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const limit = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return Date.UTC(y, m - 1, d) <= limit.getTime();
}

/** `PUT /api/v1/user/{user_id}`: every account field is required (spec section 5). */
export const accountBody = z.object({
  name: requiredText(ACCOUNT_MESSAGES.name, 120),
  alias_name: requiredText(ACCOUNT_MESSAGES.alias_name, 60),
  cellular: requiredText(ACCOUNT_MESSAGES.cellular, 30).transform((value, ctx) => {
    const phone = formatBrazilianPhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.cellularInvalid });
      return z.NEVER;
    }
    return phone;
  }),
  birthday: requiredText(ACCOUNT_MESSAGES.birthday, 10).transform((value, ctx) => {
    const iso = parseBirthday(value);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.birthdayInvalid });
      return z.NEVER;
    }
    if (!isAtLeast(iso, MINIMUM_AGE)) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.birthdayUnderage });
      return z.NEVER;
    }
    return iso;
  }),
  address: requiredText(ACCOUNT_MESSAGES.address, 200),
  country: z.enum(COUNTRIES, { error: ACCOUNT_MESSAGES.country }),
  state: z.enum(BRAZILIAN_STATES, { error: ACCOUNT_MESSAGES.state }),
  city: requiredText(ACCOUNT_MESSAGES.city, 100),
  postal_code: requiredText(ACCOUNT_MESSAGES.postal_code, 9).transform((value, ctx) => {
    const m = /^(\d{5})-?(\d{3})$/.exec(value);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.postalCodeInvalid });
      return z.NEVER;
    }
    return `${m[1]}-${m[2]}`;
  }),
});
export type AccountBody = z.input<typeof accountBody>;
export type AccountFields = z.output<typeof accountBody>;

export const userParams = z.object({ user_id: idSchema });

/** What anyone signed in sees of a user; counts include only what the caller may see. */
export const userProfileSchema = z.object({
  id: idSchema,
  name: z.string(),
  picture: z.string().nullable(),
  total_collections: z.number().int(),
  total_followers: z.number().int(),
  total_likes: z.number().int(),
  /** How many people this user follows. */
  total_following: z.number().int(),
  /** Whether the caller follows this user (always false for oneself). */
  followed_by_me: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Only the user themself gets these (null until filled in); birthday is ISO `AAAA-MM-DD`. */
export const userAccountSchema = userProfileSchema.extend({
  email: z.string(),
  alias_name: z.string().nullable(),
  cellular: z.string().nullable(),
  birthday: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
});
export type UserAccount = z.infer<typeof userAccountSchema>;

export const userResponse = envelope(z.union([userAccountSchema, userProfileSchema]));
export const userAccountResponse = envelope(userAccountSchema);
