import { addPortugueseTexts } from '../../lib/i18n';
import { social } from '../../locales/pt/social';

// Every component of the feature that shows its texts imports this module: its Portuguese texts
// come with it, not in the first chunk every visitor downloads (locales/types.ts).
addPortugueseTexts({ social });
