/**
 * The digest's words (issue 26), in pt-BR and en, as text and HTML. Unlike the other mails it is
 * a list with a link per line, so it has its own renderer; `renderMail` hands the `digest`
 * template to it. Values are escaped in the HTML part; links arrive built from PUBLIC_URL.
 */
type MailLocale = 'pt' | 'en';

export type DigestNoticeKind =
  | 'new_follower'
  | 'like'
  | 'save'
  | 'collaborator_added'
  | 'item_added'
  | 'item_changed'
  | 'comment'
  | 'mention'
  | 'reply'
  | 'content_hidden';

export type DigestEntryKind =
  | 'collection_created'
  | 'item_added'
  | 'item_rated'
  | 'collection_saved'
  | 'collection_liked'
  | 'comment_added';

export interface DigestMailData {
  name: string;
  frequency: 'daily' | 'weekly';
  /** The newest unread notices, already capped; `moreNotices` counts the rest. */
  notices: { kind: DigestNoticeKind; actor: string; collection: string | null; link: string }[];
  moreNotices: number;
  /** The timeline's best entries since the last digest. */
  entries: { kind: DigestEntryKind; actor: string; collection: string; count: number; link: string }[];
  /** /account/security, where the digest is turned off or changed. */
  settingsLink: string;
  /** The web's confirm page (one click there turns the digest off, no sign-in needed). */
  unsubscribeLink: string;
}

const q = (s: string) => `“${s}”`;

const NOTICES: Record<
  MailLocale,
  Record<DigestNoticeKind, (n: { actor: string; collection: string }) => string>
> = {
  pt: {
    new_follower: ({ actor }) => `${actor} começou a seguir você.`,
    like: ({ actor, collection }) => `${actor} curtiu a sua coleção ${q(collection)}.`,
    save: ({ actor, collection }) => `${actor} salvou uma cópia da sua coleção ${q(collection)}.`,
    collaborator_added: ({ actor, collection }) =>
      `${actor} chamou você para colaborar na coleção ${q(collection)}.`,
    item_added: ({ actor, collection }) => `${actor} adicionou itens à coleção ${q(collection)}.`,
    item_changed: ({ actor, collection }) => `${actor} alterou itens da coleção ${q(collection)}.`,
    comment: ({ actor, collection }) => `${actor} comentou na coleção ${q(collection)}.`,
    mention: ({ actor, collection }) => `${actor} mencionou você num comentário da coleção ${q(collection)}.`,
    reply: ({ actor, collection }) => `${actor} respondeu ao seu comentário na coleção ${q(collection)}.`,
    content_hidden: ({ collection }) =>
      `A nossa equipe ocultou um conteúdo seu em ${q(collection)} depois de uma denúncia.`,
  },
  en: {
    new_follower: ({ actor }) => `${actor} started following you.`,
    like: ({ actor, collection }) => `${actor} liked your collection ${q(collection)}.`,
    save: ({ actor, collection }) => `${actor} saved a copy of your collection ${q(collection)}.`,
    collaborator_added: ({ actor, collection }) =>
      `${actor} asked you to collaborate on the collection ${q(collection)}.`,
    item_added: ({ actor, collection }) => `${actor} added items to the collection ${q(collection)}.`,
    item_changed: ({ actor, collection }) => `${actor} changed items of the collection ${q(collection)}.`,
    comment: ({ actor, collection }) => `${actor} commented on the collection ${q(collection)}.`,
    mention: ({ actor, collection }) =>
      `${actor} mentioned you in a comment on the collection ${q(collection)}.`,
    reply: ({ actor, collection }) => `${actor} replied to your comment on the collection ${q(collection)}.`,
    content_hidden: ({ collection }) => `Our team hid something of yours in ${q(collection)} after a report.`,
  },
};

type EntryWords = (e: { actor: string; collection: string; count: number }) => string;

const ENTRIES: Record<MailLocale, Record<DigestEntryKind, EntryWords>> = {
  pt: {
    collection_created: ({ actor, collection }) => `${actor} criou a coleção ${q(collection)}`,
    item_added: ({ actor, collection, count }) =>
      count === 1
        ? `${actor} adicionou um item a ${q(collection)}`
        : `${actor} adicionou ${count} itens a ${q(collection)}`,
    item_rated: ({ actor, collection, count }) =>
      count === 1
        ? `${actor} deu uma nova nota a um item de ${q(collection)}`
        : `${actor} deu novas notas a ${count} itens de ${q(collection)}`,
    collection_saved: ({ actor, collection }) => `${actor} salvou a coleção ${q(collection)}`,
    collection_liked: ({ actor, collection }) => `${actor} curtiu a coleção ${q(collection)}`,
    comment_added: ({ actor, collection, count }) =>
      count === 1
        ? `${actor} comentou em ${q(collection)}`
        : `${actor} comentou ${count} vezes em ${q(collection)}`,
  },
  en: {
    collection_created: ({ actor, collection }) => `${actor} created the collection ${q(collection)}`,
    item_added: ({ actor, collection, count }) =>
      count === 1
        ? `${actor} added an item to ${q(collection)}`
        : `${actor} added ${count} items to ${q(collection)}`,
    item_rated: ({ actor, collection, count }) =>
      count === 1
        ? `${actor} gave a new rating to an item in ${q(collection)}`
        : `${actor} gave new ratings to ${count} items in ${q(collection)}`,
    collection_saved: ({ actor, collection }) => `${actor} saved the collection ${q(collection)}`,
    collection_liked: ({ actor, collection }) => `${actor} liked the collection ${q(collection)}`,
    comment_added: ({ actor, collection, count }) =>
      count === 1
        ? `${actor} commented on ${q(collection)}`
        : `${actor} commented ${count} times on ${q(collection)}`,
  },
};

const WORDS = {
  pt: {
    subject: { daily: 'Seu resumo do dia no Acervo', weekly: 'Seu resumo da semana no Acervo' },
    greeting: (name: string) => `Olá, ${name}!`,
    notices: 'Notificações não lidas',
    more: (n: number) => `e mais ${n} ${n === 1 ? 'notificação' : 'notificações'}`,
    entries: 'Destaques de quem você segue',
    why: {
      daily: 'Você recebe este resumo uma vez por dia porque pediu. Para mudar ou desligar, abra:',
      weekly: 'Você recebe este resumo uma vez por semana porque pediu. Para mudar ou desligar, abra:',
    },
    stop: 'Para não receber mais, com um clique:',
    signature: 'Equipe Acervo',
  },
  en: {
    subject: { daily: 'Your Acervo daily digest', weekly: 'Your Acervo weekly digest' },
    greeting: (name: string) => `Hello, ${name}!`,
    notices: 'Unread notifications',
    more: (n: number) => `and ${n} more ${n === 1 ? 'notification' : 'notifications'}`,
    entries: 'Highlights from people you follow',
    why: {
      daily: 'You get this digest once a day because you asked for it. To change or turn it off, open:',
      weekly: 'You get this digest once a week because you asked for it. To change or turn it off, open:',
    },
    stop: 'To stop it in one click:',
    signature: 'The Acervo team',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderDigest(
  locale: MailLocale,
  data: DigestMailData,
): { subject: string; text: string; html: string } {
  const w = WORDS[locale];
  const notices = data.notices.map((n) => ({
    line: NOTICES[locale][n.kind]({ actor: n.actor, collection: n.collection ?? '' }),
    link: n.link,
  }));
  const entries = data.entries.map((e) => ({ line: ENTRIES[locale][e.kind](e), link: e.link }));

  const text: string[] = [w.greeting(data.name)];
  const html: string[] = [`<p>${escapeHtml(w.greeting(data.name))}</p>`];
  const section = (title: string, lines: { line: string; link: string }[], more: number) => {
    if (lines.length === 0) return;
    text.push(
      [title, ...lines.map((l) => `- ${l.line}\n  ${l.link}`), ...(more > 0 ? [w.more(more)] : [])].join(
        '\n',
      ),
    );
    html.push(
      `<h2 style="font-size:1.1em">${escapeHtml(title)}</h2>`,
      `<ul>${lines
        .map((l) => `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.line)}</a></li>`)
        .join('')}</ul>`,
      ...(more > 0 ? [`<p>${escapeHtml(w.more(more))}</p>`] : []),
    );
  };
  section(w.notices, notices, data.moreNotices);
  section(w.entries, entries, 0);
  const link = (href: string) => `<p><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`;
  text.push(
    `${w.why[data.frequency]}\n${data.settingsLink}`,
    `${w.stop}\n${data.unsubscribeLink}`,
    w.signature,
  );
  html.push(
    `<p>${escapeHtml(w.why[data.frequency])}</p>`,
    link(data.settingsLink),
    `<p>${escapeHtml(w.stop)}</p>`,
    link(data.unsubscribeLink),
    `<p>${escapeHtml(w.signature)}</p>`,
  );
  return {
    subject: w.subject[data.frequency],
    text: text.join('\n\n') + '\n',
    html: `<!doctype html><html lang="${locale === 'pt' ? 'pt-BR' : 'en'}"><body style="font-family:sans-serif;line-height:1.5">
${html.join('\n')}
</body></html>
`,
  };
}
