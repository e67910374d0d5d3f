/** "Gosto em comum" on another person's profile (issue 26). */
export const taste = {
  heading: 'Gosto em comum',
  match: 'Vocês combinam em {{match}}%',
  tooFew: 'Ainda há poucos itens em comum',
  inCommon_one: '{{count}} item avaliado por vocês dois',
  inCommon_other: '{{count}} itens avaliados por vocês dois',
  agreementsHeading: 'Onde vocês concordam',
  same: 'Vocês dois deram {{rating}} a {{name}}',
  close: 'Você deu {{mine}} e {{person}} deu {{theirs}} a {{name}}',
  disagreementHeading: 'A maior discordância',
  disagreement: '{{name}}: você deu {{mine}}, {{person}} deu {{theirs}}',
};
