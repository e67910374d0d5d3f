import type { ErrorCode } from '@acervo/contract/errors';
import { ApiError } from './api-client';
import { knownKey, type TextKey } from './i18n';

/** Where the failure happened decides which of the spec's section-8 texts applies. */
export type ErrorContext =
  | 'login'
  | 'googleLogin'
  | 'register'
  | 'contact'
  | 'generic'
  // Loads (issue 5)
  | 'categories'
  | 'categoryCollections'
  | 'popularCollections'
  | 'recommendations'
  | 'userCollections'
  | 'profile'
  | 'collectionView'
  | 'collectionEditLoad'
  | 'collectionDetails'
  | 'item'
  | 'account'
  | 'addItemCollections'
  // Writes (issue 5)
  | 'collectionCreate'
  | 'collectionUpdate'
  | 'collectionDelete'
  | 'itemCreate'
  | 'itemUpdate'
  | 'itemDelete'
  | 'accountUpdate'
  // Social (issue 8): loads
  | 'collaborators'
  | 'invite'
  | 'notifications'
  | 'people'
  | 'search'
  // Social (issue 8): writes
  | 'like'
  | 'unlike'
  | 'follow'
  | 'unfollow'
  | 'save'
  | 'reorder'
  | 'collaboratorAdd'
  | 'collaboratorUpdate'
  | 'collaboratorRemove'
  | 'inviteLink'
  | 'inviteAccept'
  | 'notificationsRead'
  // Passwords (issue 9)
  | 'passwordRecovery'
  | 'passwordReset'
  | 'passwordChange'
  // Photo, export and deletion (issue 9)
  | 'pictureUpload'
  | 'pictureRemove'
  | 'accountExport'
  | 'accountDelete'
  // Taste in common (issue 26)
  | 'tasteShare'
  | 'tasteUnshare'
  | 'tasteShareLoad'
  // The yearly recap (issue 28)
  | 'recapShare'
  | 'recapUnshare'
  | 'recapShareLoad'
  // Devices (issue 14)
  | 'sessionEnd'
  // Safety (issue 23)
  | 'blockedList'
  | 'moderationQueue'
  | 'relation'
  | 'report'
  | 'appeal'
  | 'suspensionAppeal'
  | 'moderationAction'
  // Verified e-mail (issue 23)
  | 'emailVerify'
  | 'emailResend'
  // Seguindo (issue 26)
  | 'timeline'
  | 'profileActivity'
  // Comments (issue 26)
  | 'comments'
  | 'commentWrite'
  | 'commentDelete'
  | 'commentsSwitch'
  // The digest by mail (issue 26)
  | 'digestUnsubscribe';

/**
 * A 2xx whose body lacks what the screen needs (e.g. no id after a create). The spec has texts for
 * this case ("no id"); our API never answers so, but a proxy or a half-deployed server might.
 */
export function unusableAnswer(): ApiError {
  return new ApiError(200, undefined, 'Unusable answer');
}

/** Loads: one text per screen; a 404 has its own, friendlier text where a link may be stale. */
const LOAD_KEYS: Partial<Record<ErrorContext, { failed: TextKey; notFound?: TextKey }>> = {
  categories: { failed: 'errors.categoriesLoad' },
  categoryCollections: { failed: 'errors.categoryCollectionsLoad' },
  popularCollections: { failed: 'errors.popularCollectionsLoad' },
  recommendations: { failed: 'errors.recommendationsLoad' },
  userCollections: { failed: 'errors.listsLoad' },
  profile: { failed: 'errors.profileLoad' },
  collectionView: { failed: 'errors.collectionViewLoad', notFound: 'errors.collectionNotFound' },
  collectionEditLoad: { failed: 'errors.collectionEditLoad', notFound: 'errors.collectionNotFound' },
  collectionDetails: { failed: 'errors.collectionDetailsLoad', notFound: 'errors.collectionNotFound' },
  item: { failed: 'errors.itemLoad', notFound: 'errors.itemNotFound' },
  account: { failed: 'errors.accountLoad' },
  addItemCollections: { failed: 'errors.addItemCollectionsLoad' },
  collaborators: { failed: 'errors.collaboratorsLoad' },
  // An unknown, expired or revoked link is a 404 (INVITE_INVALID).
  invite: { failed: 'errors.inviteLoad', notFound: 'errors.inviteInvalid' },
  notifications: { failed: 'errors.notificationsLoad' },
  people: { failed: 'errors.peopleLoad' },
  search: { failed: 'errors.searchFailed' },
  blockedList: { failed: 'safety.blockedList.loadFailed' },
  moderationQueue: { failed: 'safety.admin.loadFailed' },
  timeline: { failed: 'timeline.loadFailed' },
  profileActivity: { failed: 'timeline.profileLoadFailed' },
  comments: { failed: 'comments.loadFailed' },
  // Taken down, or one of the two opted out, blocked or was suspended: the same answer.
  tasteShareLoad: { failed: 'taste.sharedLoadFailed', notFound: 'taste.sharedGone' },
  recapShareLoad: { failed: 'recap.sharedLoadFailed', notFound: 'recap.sharedGone' },
};

/**
 * Social writes (issue 8): the spec has no texts for them, so each has one of ours, and the codes
 * the contract defines for them get their own.
 */
const ACTION_KEYS: Partial<
  Record<ErrorContext, { failed: TextKey; byCode?: Partial<Record<ErrorCode, TextKey>> }>
> = {
  // 'Login com Google' refused or failed: the spec's (G-01); an address someone registered and
  // never verified is not linked, and the person is told how to reclaim it (decision 039).
  googleLogin: {
    failed: 'errors.googleLoginFailed',
    byCode: {
      GOOGLE_ACCOUNT_UNVERIFIED: 'errors.googleAccountUnverified',
      ACCOUNT_SUSPENDED: 'errors.accountSuspended',
    },
  },
  emailVerify: {
    failed: 'errors.emailVerifyFailed',
    byCode: {
      EMAIL_TOKEN_INVALID: 'errors.emailTokenInvalid',
      EMAIL_TOKEN_EXPIRED: 'errors.emailTokenExpired',
      EMAIL_TOKEN_USED: 'errors.emailTokenUsed',
      VALIDATION_FAILED: 'errors.emailTokenInvalid',
    },
  },
  emailResend: {
    failed: 'errors.emailResendFailed',
    byCode: { EMAIL_ALREADY_VERIFIED: 'errors.emailAlreadyVerified' },
  },
  like: { failed: 'errors.likeFailed' },
  unlike: { failed: 'errors.unlikeFailed' },
  follow: { failed: 'errors.followFailed', byCode: { FOLLOWS_FULL: 'errors.followsFull' } },
  unfollow: { failed: 'errors.unfollowFailed' },
  save: { failed: 'errors.saveFailed' },
  reorder: { failed: 'errors.reorderFailed', byCode: { ORDER_CONFLICT: 'errors.orderConflict' } },
  collaboratorAdd: {
    failed: 'errors.collaboratorAddFailed',
    byCode: {
      EMAIL_NOT_REGISTERED: 'errors.emailNotRegistered',
      COLLABORATORS_FULL: 'errors.collaboratorsFull',
    },
  },
  collaboratorUpdate: { failed: 'errors.collaboratorUpdateFailed' },
  collaboratorRemove: { failed: 'errors.collaboratorRemoveFailed' },
  inviteLink: { failed: 'errors.inviteLinkFailed' },
  inviteAccept: {
    failed: 'errors.unexpected',
    byCode: { INVITE_INVALID: 'errors.inviteInvalid', COLLABORATORS_FULL: 'errors.collaboratorsFull' },
  },
  notificationsRead: { failed: 'errors.notificationsReadFailed' },
  passwordRecovery: { failed: 'errors.recoverFailed' },
  passwordReset: {
    failed: 'errors.resetFailed',
    byCode: { RESET_TOKEN_INVALID: 'errors.resetTokenInvalid' },
  },
  passwordChange: { failed: 'errors.passwordChangeFailed' },
  pictureUpload: {
    failed: 'errors.pictureUploadFailed',
    byCode: {
      PAYLOAD_TOO_LARGE: 'errors.pictureTooLarge',
      UNSUPPORTED_MEDIA_TYPE: 'errors.pictureUnsupported',
    },
  },
  pictureRemove: { failed: 'errors.pictureRemoveFailed' },
  accountExport: { failed: 'errors.accountExportFailed' },
  sessionEnd: { failed: 'errors.sessionEndFailed' },
  relation: { failed: 'safety.person.failed' },
  report: { failed: 'safety.report.failed', byCode: { ALREADY_REPORTED: 'safety.report.already' } },
  appeal: {
    failed: 'safety.hidden.appealFailed',
    byCode: { REPORT_NOT_OPEN: 'safety.hidden.appealRefused' },
  },
  suspensionAppeal: {
    failed: 'safety.appealPage.failed',
    byCode: { APPEAL_INVALID: 'safety.appealPage.invalid' },
  },
  moderationAction: { failed: 'safety.admin.failed' },
  commentWrite: { failed: 'comments.writeFailed', byCode: { COMMENTS_CLOSED: 'comments.closed' } },
  commentDelete: { failed: 'comments.deleteFailed' },
  commentsSwitch: { failed: 'comments.switchFailed' },
  tasteShare: { failed: 'taste.shareFailed', byCode: { TASTE_NOT_SHAREABLE: 'taste.notShareable' } },
  tasteUnshare: { failed: 'taste.unshareFailed' },
  recapShare: { failed: 'recap.shareFailed' },
  recapUnshare: { failed: 'recap.unshareFailed' },
  digestUnsubscribe: {
    failed: 'digest.unsubscribe.failed',
    byCode: { UNSUBSCRIBE_TOKEN_INVALID: 'digest.unsubscribe.invalid' },
  },
  // A wrong password is also marked on its field.
  accountDelete: {
    failed: 'errors.accountDeleteFailed',
    byCode: { VALIDATION_FAILED: 'errors.accountDeleteRefused' },
  },
};

/**
 * Writes: the spec distinguishes an answer that refuses or is unusable ("Não foi possível ...")
 * from a thrown error ("Ocorreu um erro inesperado ..."). Here a refusal is any 2xx without what we
 * need or a 4xx; a thrown error is no answer at all (network) or a 5xx.
 */
const WRITE_KEYS: Partial<Record<ErrorContext, { refused: TextKey; unexpected: TextKey }>> = {
  collectionCreate: { refused: 'errors.collectionCreateRefused', unexpected: 'errors.unexpected' },
  collectionUpdate: { refused: 'errors.collectionUpdateRefused', unexpected: 'errors.unexpected' },
  collectionDelete: {
    refused: 'errors.collectionDeleteRefused',
    unexpected: 'errors.collectionDeleteFailed',
  },
  // The spec's add-item texts: "no id" reuses the collection text, verbatim.
  itemCreate: { refused: 'errors.collectionCreateRefused', unexpected: 'errors.unexpected' },
  itemUpdate: { refused: 'errors.itemUpdateRefused', unexpected: 'errors.unexpected' },
  itemDelete: { refused: 'errors.itemDeleteRefused', unexpected: 'errors.itemDeleteFailed' },
  accountUpdate: { refused: 'errors.accountUpdateRefused', unexpected: 'errors.accountUpdateFailed' },
};

/** True when the answer came back and refused (4xx) or was unusable (2xx without the data). */
function refused(status: number): boolean {
  return status >= 200 && status < 500;
}

/**
 * The one place that turns a failed call into a message key of the `errors` catalogue
 * (spec section 8). Screens of later features add their context here.
 */
export function errorMessageKey(error: unknown, context: ErrorContext): TextKey {
  const status = error instanceof ApiError ? error.status : -1;
  const code = error instanceof ApiError ? error.code : undefined;

  if (code === 'RATE_LIMITED' || status === 429) return 'errors.rateLimited';
  // The server refused the captcha token (missing, invalid, expired or used): the spec's S-01 texts.
  if (code === 'CAPTCHA_FAILED')
    return context === 'contact' ? 'errors.contactCaptcha' : 'errors.captchaRequired';
  if (code === 'COLLECTION_FULL') return 'errors.collectionFull';
  const load = LOAD_KEYS[context];
  if (load) return status === 404 && load.notFound ? load.notFound : load.failed;
  const write = WRITE_KEYS[context];
  if (write) return refused(status) ? write.refused : write.unexpected;
  // A picture refused for what it is (too many pixels, issue 23) says so, not only that it failed;
  // so does a comment (a blocked term, a reply to a reply: issue 26).
  const field = error instanceof ApiError ? Object.values(error.fields ?? {})[0] : undefined;
  if ((context === 'pictureUpload' || context === 'commentWrite') && code === 'VALIDATION_FAILED' && field)
    return knownKey(`validation.${field}`, 'validation.invalid');
  const action = ACTION_KEYS[context];
  if (action) return (code && action.byCode?.[code]) ?? action.failed;
  switch (context) {
    case 'login':
      if (code === 'ACCOUNT_SUSPENDED') return 'errors.accountSuspended';
      if (status === 401) return 'errors.loginInvalid';
      // A response we could not use carries the auth service's own text; no response at all is (S-03).
      return status > 0 ? 'errors.loginUnexpected' : 'errors.loginProblem';
    case 'register':
      if (status === 409 || code === 'EMAIL_TAKEN') return 'errors.registerEmailTaken';
      return 'errors.registerUnexpected';
    case 'contact':
      return 'errors.contactFailed';
    default:
      return 'errors.unexpected';
  }
}

/** True when the failure is a 404: the thing is gone or private, so there is nothing to retry. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
