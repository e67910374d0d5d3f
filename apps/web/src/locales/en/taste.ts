import type { Catalog } from '../types';

export const taste: Catalog['taste'] = {
  heading: 'Taste in common',
  match: 'Your taste matches {{match}}%',
  tooFew: 'Not enough items in common yet',
  inCommon_one: '{{count}} item you both rated',
  inCommon_other: '{{count}} items you both rated',
  agreementsHeading: 'Where you agree',
  same: 'You both gave {{name}} {{rating}}',
  close: 'You gave {{name}} {{mine}} and {{person}} gave it {{theirs}}',
  disagreementHeading: 'Your biggest disagreement',
  disagreement: '{{name}}: you gave {{mine}}, {{person}} gave {{theirs}}',
};
