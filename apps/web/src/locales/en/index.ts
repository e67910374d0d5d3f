import type { Catalog } from '../types';
import { auth } from './auth';
import { common } from './common';
import { errors } from './errors';
import { legal } from './legal';
import { contact, feed, help, landing, onboarding, profile } from './pages';
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
  profile,
  feed,
};
