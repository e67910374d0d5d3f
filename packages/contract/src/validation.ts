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
  'textInvisible',
  'textBidiControl',
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
  /** An import (issue 27) was sent without its file. */
  'importFileRequired',
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
  'itemYearInvalid',
  /** The cover's item has no picture it may show: none, not one of the collection's, or hidden by an operator. */
  'coverItemWithoutImage',
  // Social
  'roleInvalid',
  'itemIdsInvalid',
  'followSelf',
  'followOwnCollection',
  'collaboratorIsOwner',
  'collaboratorEmailRequired',
  'inviteInvalid',
  // Safety: blocks, reports, moderation
  'blockSelf',
  'tasteSelf',
  /** A recap's year is a whole year from 2000 to the current one. */
  'recapYearInvalid',
  'reportReasonInvalid',
  'reportTargetInvalid',
  'moderationActionInvalid',
  'blockedTerm',
  // Comments
  'commentRequired',
  'commentReplyDepth',
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

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they
 * reorder what follows on screen, so "Filmes\u202Eexe.mp4" reads "Filmes4pm.exe" (issue 23).
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * A character that shows something: not a format character (zero-width space and joiners, marks
 * of direction, soft hyphen, BOM), a control, a space, a combining mark on its own, nor one of the
 * blank letters (Hangul fillers, the blank Braille pattern).
 */
const VISIBLE = /[^\p{Cf}\p{Cc}\p{Z}\p{M}\s\u115F\u1160\u2800\u3164\uFFA0]/u;

/** Names and descriptions people read: something visible, and no direction controls. */
const shown = [
  z.refine<string>((value) => value === '' || VISIBLE.test(value), { error: issue.textInvisible }),
  z.refine<string>((value) => !BIDI_CONTROL.test(value), { error: issue.textBidiControl }),
];

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

/** `requiredText` for a name others read (a person's, a collection's, an item's): `shown` too. */
export function requiredName(missing: ValidationCode, max: number) {
  return requiredText(missing, max).check(...shown);
}

/** `optionalText` for a description others read: `shown` too. */
export function optionalDescription(max: number) {
  return optionalText(max).check(...shown);
}
