import { addPortugueseTexts } from '../../lib/i18n';
import { imports } from '../../locales/pt/imports';

// Every component of the feature imports this module: its Portuguese texts come with it, not in
// the first chunk every visitor downloads (locales/types.ts).
addPortugueseTexts({ imports });
