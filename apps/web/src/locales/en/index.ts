import type { Catalog } from '../types';
import { analytics } from './analytics';
import { auth } from './auth';
import { collections } from './collections';
import { comments } from './comments';
import { common } from './common';
import { digest } from './digest';
import { errors } from './errors';
import { imports } from './imports';
import { legal } from './legal';
import { notifications } from './notifications';
import { contact, help, landing, onboarding } from './pages';
import { recap } from './recap';
import { recommendations } from './recommendations';
import { safety } from './safety';
import { search } from './search';
import { social } from './social';
import { stats } from './stats';
import { taste } from './taste';
import { timeline } from './timeline';
import { users } from './users';
import { validation } from './validation';

export const en: Catalog = {
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
  comments,
  digest,
  imports,
  users,
  social,
  notifications,
  search,
  recap,
  recommendations,
  safety,
  stats,
  taste,
  timeline,
  analytics,
};
