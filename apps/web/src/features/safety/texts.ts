import { i18n } from '../../lib/i18n';
import { safety } from '../../locales/pt/safety';

/**
 * The Portuguese texts of this feature join the catalogue when the feature first loads, not with
 * the first chunk every visitor downloads (the sign-in pages are at their 110 KB budget, decision
 * 026); English has them in its own chunk (locales/en). Every component of the feature imports
 * this module.
 */
i18n.addResourceBundle('pt', 'translation', { safety }, true, false);
