// Without zod: the web's error catalogue reads these texts on every page (issue 12, size budgets).

/** The human-readable `error.message` of the social errors that are not about one field. */
export const SOCIAL_MESSAGES = {
  emailNotRegistered: 'Nenhuma conta usa este e-mail.',
  inviteInvalid: 'Este convite não é válido ou expirou.',
  collaboratorsFull: 'Esta coleção já tem o máximo de colaboradores.',
  followsFull: 'Você já segue o máximo de pessoas e coleções. Deixe de seguir alguma para seguir outra.',
  orderConflict: 'Os itens da coleção mudaram. Confira a ordem atual e tente de novo.',
} as const;
