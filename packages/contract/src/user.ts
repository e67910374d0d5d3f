import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';
import { issue, requiredName, requiredText, type ValidationCode } from './validation.ts';

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

/** A text field kept in the form `format` gives it, or refused with the rule `format` names. */
function stored(
  text: z.ZodMiniType<string, string>,
  format: (value: string) => string | { refused: ValidationCode },
) {
  return z.pipe(
    text,
    z.transform((value: string, payload) => {
      const result = format(value);
      if (typeof result === 'string') return result;
      payload.issues.push({ code: 'custom', message: result.refused, input: value });
      return z.NEVER;
    }),
  );
}

/** `PUT /api/v1/user/{user_id}`: every account field is required (spec section 5). */
export const accountBody = z.object({
  name: requiredName(issue.accountNameRequired, 120),
  alias_name: requiredName(issue.aliasNameRequired, 60),
  cellular: stored(
    requiredText(issue.cellularRequired, 30),
    (value) => formatBrazilianPhone(value) ?? { refused: issue.cellularInvalid },
  ),
  birthday: stored(requiredText(issue.birthdayRequired, 10), (value) => {
    const iso = parseBirthday(value);
    if (!iso) return { refused: issue.birthdayInvalid };
    return isAtLeast(iso, MINIMUM_AGE) ? iso : { refused: issue.birthdayUnderage };
  }),
  address: requiredText(issue.addressRequired, 200),
  country: z.enum(COUNTRIES, { error: issue.countryRequired }),
  state: z.enum(BRAZILIAN_STATES, { error: issue.stateRequired }),
  city: requiredText(issue.cityRequired, 100),
  postal_code: stored(requiredText(issue.postalCodeRequired, 9), (value) => {
    const m = /^(\d{5})-?(\d{3})$/.exec(value);
    return m ? `${m[1]}-${m[2]}` : { refused: issue.postalCodeInvalid };
  }),
});
export type AccountBody = z.input<typeof accountBody>;
export type AccountFields = z.output<typeof accountBody>;

export const userParams = z.object({ user_id: idSchema });

/** What anyone signed in sees of a user; counts include only what the caller may see. */
export const userProfileSchema = z.object({
  id: idSchema,
  name: z.string(),
  picture: z.nullable(z.string()),
  total_collections: z.int(),
  total_followers: z.int(),
  total_likes: z.int(),
  /** How many people this user follows. */
  total_following: z.int(),
  /** Whether the caller follows this user (always false for oneself). */
  followed_by_me: z.boolean(),
  /** On `GET /user/{id}` only: whether the caller muted this user (the muted person never sees it). */
  muted_by_me: z.optional(z.boolean()),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Only the user themself gets these (null until filled in); birthday is ISO `AAAA-MM-DD`. */
export const userAccountSchema = z.extend(userProfileSchema, {
  email: z.string(),
  /** Whether the person proved they read mail at `email` (the link of the verification mail, or Google). */
  email_verified: z.boolean(),
  alias_name: z.nullable(z.string()),
  cellular: z.nullable(z.string()),
  birthday: z.nullable(z.string()),
  address: z.nullable(z.string()),
  country: z.nullable(z.string()),
  state: z.nullable(z.string()),
  city: z.nullable(z.string()),
  postal_code: z.nullable(z.string()),
});
export type UserAccount = z.infer<typeof userAccountSchema>;

export const userResponse = envelope(z.union([userAccountSchema, userProfileSchema]));
export const userAccountResponse = envelope(userAccountSchema);
