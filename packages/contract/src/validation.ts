import * as z from 'zod/mini';

/**
 * What a schema says when it refuses a value: a code, never a sentence. The API answers these codes
 * in `error.fields`; the web app shows the text under `validation.<code>` of its catalogue, so each
 * language words the rule its own way and nobody compares translated strings
 * (docs/decisions/009-validation-message-codes.md). A new rule adds its code here and its text to
 * both catalogues (the Portuguese one is type-checked against this list).
 */
export const validationCodes = [
  // Any field
  'invalid',
  'tooLong',
  'invalidCharacter',
  // Registration, sign-in and passwords
  'nameRequired',
  'emailRequired',
  'emailTaken',
  'loginEmailRequired',
  'passwordRequired',
  'passwordRule',
  'passwordCommon',
  'passwordMismatch',
  'oldPasswordRequired',
  'newPasswordRequired',
  'confirmPasswordRequired',
  'oldPasswordWrong',
  // Contact
  'contactNameRequired',
  'messageRequired',
  // Account
  'accountNameRequired',
  'aliasNameRequired',
  'cellularRequired',
  'cellularInvalid',
  'birthdayRequired',
  'birthdayInvalid',
  'birthdayUnderage',
  'addressRequired',
  'countryRequired',
  'stateRequired',
  'cityRequired',
  'postalCodeRequired',
  'postalCodeInvalid',
  // Account lifecycle: photo and deletion
  'pictureRequired',
  'pictureTooManyPixels',
  'deletionPasswordRequired',
  'deletionPasswordWrong',
  'deletionEmailMismatch',
  // Collections and items
  'categoryRequired',
  'categoryUnknown',
  'collectionNameRequired',
  'listNameRequired',
  'privateInvalid',
  'collectionRequired',
  'itemNameRequired',
  'itemDescriptionRequired',
  'ratingInvalid',
  'coverItemWithoutImage',
  // Social
  'roleInvalid',
  'itemIdsInvalid',
  'followSelf',
  'followOwnCollection',
  'collaboratorIsOwner',
  'collaboratorEmailRequired',
  'inviteInvalid',
  // Search
  'searchQueryRequired',
  'searchQueryTooShort',
  'searchTypeInvalid',
] as const;
export type ValidationCode = (typeof validationCodes)[number];

/**
 * `issue.tooLong` is the code `'tooLong'`: schemas write their messages this way so that a typo is a
 * type error rather than a raw key on screen.
 */
export const issue = Object.fromEntries(validationCodes.map((code) => [code, code])) as {
  readonly [Code in ValidationCode]: Code;
};

const known = new Set<string>(validationCodes);
export function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && known.has(value);
}

/** The database cannot store the NUL character; refusing it here keeps that a 400, not a 500. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const NO_NUL = /^[^\u0000]*$/;

/** Trimmed free text of at most `max` characters, possibly empty. */
export function optionalText(max: number) {
  return z
    .string({ error: issue.invalid })
    .check(z.trim(), z.maxLength(max, issue.tooLong), z.regex(NO_NUL, issue.invalidCharacter));
}

/** Trimmed text of at most `max` characters that may not be blank; `missing` names the field's rule. */
export function requiredText(missing: ValidationCode, max: number) {
  return z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(1, missing),
      z.maxLength(max, issue.tooLong),
      z.regex(NO_NUL, issue.invalidCharacter),
    );
}
