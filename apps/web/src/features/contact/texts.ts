import { addPortugueseTexts } from '../../lib/i18n';
import { contact } from '../../locales/pt/pages';

// The contact page and its form import this module: their Portuguese texts come with them, not in
// the first chunk every visitor downloads (locales/types.ts).
addPortugueseTexts({ contact });
