import { analytics } from './analytics';
import { auth } from './auth';
import { collections } from './collections';
import { common } from './common';
import { errors } from './errors';
import { legal } from './legal';
import { notifications } from './notifications';
import { contact, help, landing, onboarding } from './pages';
import { recommendations } from './recommendations';
import { search } from './search';
import { social } from './social';
import { users } from './users';
import { validation } from './validation';

/**
 * The Portuguese catalogue is the reference: the English one must have exactly its shape
 * (checked by the compiler). A new feature adds a file here and in ../en, then one line below.
 */
export const pt = {
  common,
  auth,
  validation,
  errors,
  landing,
  help,
  contact,
  legal,
  onboarding,
  collections,
  users,
  social,
  notifications,
  search,
  recommendations,
  analytics,
};
