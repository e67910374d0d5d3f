import 'i18next';
import type { Catalog } from './types';

/**
 * Translation keys are typed (issue 24): `t('a.missing.key')` fails `tsc`, as does a key that the
 * Portuguese catalogue, which every other language mirrors (locales/types.ts), does not have.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
    returnNull: false;
  }
}
