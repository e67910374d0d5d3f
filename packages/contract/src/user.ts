import { z } from 'zod';
import { envelope, idSchema } from './common.ts';
import { issue, requiredText } from './validation.ts';

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
  name: requiredText(issue.accountNameRequired, 120),
  alias_name: requiredText(issue.aliasNameRequired, 60),
  cellular: requiredText(issue.cellularRequired, 30).transform((value, ctx) => {
    const phone = formatBrazilianPhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: issue.cellularInvalid });
      return z.NEVER;
    }
    return phone;
  }),
  birthday: requiredText(issue.birthdayRequired, 10).transform((value, ctx) => {
    const iso = parseBirthday(value);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: issue.birthdayInvalid });
      return z.NEVER;
    }
    if (!isAtLeast(iso, MINIMUM_AGE)) {
      ctx.addIssue({ code: 'custom', message: issue.birthdayUnderage });
      return z.NEVER;
    }
    return iso;
  }),
  address: requiredText(issue.addressRequired, 200),
  country: z.enum(COUNTRIES, { error: issue.countryRequired }),
  state: z.enum(BRAZILIAN_STATES, { error: issue.stateRequired }),
  city: requiredText(issue.cityRequired, 100),
  postal_code: requiredText(issue.postalCodeRequired, 9).transform((value, ctx) => {
    const m = /^(\d{5})-?(\d{3})$/.exec(value);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: issue.postalCodeInvalid });
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
