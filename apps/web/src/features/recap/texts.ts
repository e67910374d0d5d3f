import { addPortugueseTexts } from '../../lib/i18n';
import { recap } from '../../locales/pt/recap';

// Every component of the feature imports this module: its Portuguese texts come with it, not in
// the first chunk every visitor downloads (locales/types.ts).
addPortugueseTexts({ recap });
