import { ApiError } from './api-client';

/** Where the failure happened decides which of the spec's section-8 texts applies. */
export type ErrorContext =
  | 'login'
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
  | 'accountUpdate';

/**
 * A 2xx whose body lacks what the screen needs (e.g. no id after a create). The spec has texts for
 * this case ("no id"); our API never answers so, but a proxy or a half-deployed server might.
 */
export function unusableAnswer(): ApiError {
  return new ApiError(200, undefined, 'Unusable answer');
}

/** Loads: one text per screen; a 404 has its own, friendlier text where a link may be stale. */
const LOAD_KEYS: Partial<Record<ErrorContext, { failed: string; notFound?: string }>> = {
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
};

/**
 * Writes: the spec distinguishes an answer that refuses or is unusable ("Não foi possível ...")
 * from a thrown error ("Ocorreu um erro inesperado ..."). Here a refusal is any 2xx without what we
 * need or a 4xx; a thrown error is no answer at all (network) or a 5xx.
 */
const WRITE_KEYS: Partial<Record<ErrorContext, { refused: string; unexpected: string }>> = {
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
export function errorMessageKey(error: unknown, context: ErrorContext): string {
  const status = error instanceof ApiError ? error.status : -1;
  const code = error instanceof ApiError ? error.code : undefined;

  if (code === 'RATE_LIMITED' || status === 429) return 'errors.rateLimited';
  const load = LOAD_KEYS[context];
  if (load) return status === 404 && load.notFound ? load.notFound : load.failed;
  const write = WRITE_KEYS[context];
  if (write) return refused(status) ? write.refused : write.unexpected;
  switch (context) {
    case 'login':
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
