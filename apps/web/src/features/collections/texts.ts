import { addPortugueseTexts } from '../../lib/i18n';
import { collections } from '../../locales/pt/collections';

// Every component of the feature that shows its texts imports this module: its Portuguese texts
// come with it, not in the first chunk every visitor downloads (locales/types.ts).
addPortugueseTexts({ collections });
