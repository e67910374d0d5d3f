import { analytics } from './analytics';
import { auth } from './auth';
import { common } from './common';
import { errors } from './errors';
import { users } from './users';
import { validation } from './validation';

/**
 * The Portuguese catalogue is the reference: the English one must have exactly its shape
 * (checked by the compiler). A new feature adds a file here and in ../en, then one line below.
 * Some namespaces are not in this first chunk: their pages and features add them as they load
 * (../types.ts).
 */
export const pt = {
  common,
  auth,
  validation,
  errors,
  users,
  analytics,
};
