/**
 * Every mail Acervo sends, in pt-BR and en, as text and HTML. A template is a function of its data;
 * values are escaped in the HTML part. Links arrive built by the caller from PUBLIC_URL.
 */
import { renderDigest, type DigestMailData } from './digest-mail.ts';

export type MailLocale = 'pt' | 'en';

export interface MailData {
  password_reset: { name: string; link: string };
  password_changed: { name: string; link: string };
  account_deleted: { name: string };
  email_verification: { name: string; link: string };
  /** A visitor's message from the contact form, to CONTACT_EMAIL; the visitor is the Reply-To. */
  contact_message: { name: string; email: string; phone: string; message: string };
  /** An operator hid a collection or an item of the person's (`what` is its name). */
  content_hidden: { name: string; what: string; reason: string; link: string };
  /** An operator suspended the account; `link` opens the one appeal it may make. */
  account_suspended: { name: string; reason: string; link: string };
  /** The digest of unread notices and the timeline's best entries (issue 26), its own renderer. */
  digest: DigestMailData;
}
export type MailTemplate = keyof MailData;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A template's words: paragraphs of text; `{link}` in a paragraph becomes the link. */
interface Wording {
  subject: string;
  greeting: string;
  paragraphs: string[];
  signature: string;
}

type Catalogue = {
  [T in Exclude<MailTemplate, 'digest'>]: Record<MailLocale, (data: MailData[T]) => Wording>;
};

const SIGNATURE = { pt: 'Equipe Acervo', en: 'The Acervo team' } as const;

/** The reasons of a report (contract `REPORT_REASONS`) as a mail words them. */
const REASONS: Record<MailLocale, Record<string, string>> = {
  pt: {
    spam: 'spam',
    harassment: 'assédio',
    sexual: 'nudez ou conteúdo sexual',
    hate: 'ódio ou violência',
    copyright: 'direitos autorais',
    other: 'outro',
  },
  en: {
    spam: 'spam',
    harassment: 'harassment',
    sexual: 'nudity or sexual content',
    hate: 'hate or violence',
    copyright: 'copyright',
    other: 'other',
  },
};
const reasonWords = (locale: MailLocale, code: string) => REASONS[locale][code] ?? code;

const catalogue: Catalogue = {
  password_reset: {
    pt: ({ name }) => ({
      subject: 'Redefinição de senha do Acervo',
      greeting: `Olá, ${name}!`,
      paragraphs: [
        'Recebemos um pedido para redefinir a senha da sua conta no Acervo. Para escolher uma nova senha, abra o link abaixo. Ele vale por 1 hora e só pode ser usado uma vez.',
        '{link}',
        'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
      ],
      signature: SIGNATURE.pt,
    }),
    en: ({ name }) => ({
      subject: 'Reset your Acervo password',
      greeting: `Hello, ${name}!`,
      paragraphs: [
        'We received a request to reset the password of your Acervo account. To choose a new password, open the link below. It is valid for 1 hour and can be used once.',
        '{link}',
        'If you did not ask for it, ignore this e-mail: your password stays the same.',
      ],
      signature: SIGNATURE.en,
    }),
  },
  password_changed: {
    pt: ({ name }) => ({
      subject: 'Sua senha foi alterada',
      greeting: `Olá, ${name}!`,
      paragraphs: [
        'A senha da sua conta no Acervo foi alterada. Se foi você, está tudo certo.',
        'Se não foi você, redefina a sua senha agora mesmo:',
        '{link}',
      ],
      signature: SIGNATURE.pt,
    }),
    en: ({ name }) => ({
      subject: 'Your password was changed',
      greeting: `Hello, ${name}!`,
      paragraphs: [
        'The password of your Acervo account was changed. If it was you, all is well.',
        'If it was not you, reset your password right away:',
        '{link}',
      ],
      signature: SIGNATURE.en,
    }),
  },
  email_verification: {
    pt: ({ name }) => ({
      subject: 'Confirme seu e-mail no Acervo',
      greeting: `Olá, ${name}!`,
      paragraphs: [
        'Para confirmar que este e-mail é seu e proteger a sua conta no Acervo, abra o link abaixo. Ele vale por 24 horas e só pode ser usado uma vez.',
        '{link}',
        'Se você não criou uma conta no Acervo, ignore este e-mail.',
      ],
      signature: SIGNATURE.pt,
    }),
    en: ({ name }) => ({
      subject: 'Confirm your e-mail on Acervo',
      greeting: `Hello, ${name}!`,
      paragraphs: [
        'To confirm this e-mail is yours and protect your Acervo account, open the link below. It is valid for 24 hours and can be used once.',
        '{link}',
        'If you did not create an Acervo account, ignore this e-mail.',
      ],
      signature: SIGNATURE.en,
    }),
  },
  account_deleted: {
    pt: ({ name }) => ({
      subject: 'Sua conta no Acervo foi excluída',
      greeting: `Olá, ${name}!`,
      paragraphs: [
        'Sua conta no Acervo foi excluída, com as suas coleções, itens e dados pessoais, como você pediu.',
        'Se não foi você quem pediu, responda a este e-mail.',
      ],
      signature: SIGNATURE.pt,
    }),
    en: ({ name }) => ({
      subject: 'Your Acervo account was deleted',
      greeting: `Hello, ${name}!`,
      paragraphs: [
        'Your Acervo account was deleted, with your collections, items and personal data, as you asked.',
        'If you did not ask for it, reply to this e-mail.',
      ],
      signature: SIGNATURE.en,
    }),
  },
  content_hidden: {
    pt: ({ name, what, reason }) => ({
      subject: 'Um conteúdo seu foi ocultado no Acervo',
      greeting: `Olá, ${name}!`,
      paragraphs: [
        `Depois de uma denúncia, a nossa equipe ocultou “${what}” por violar os termos de uso (motivo: ${reasonWords('pt', reason)}). Só você continua a vê-lo, marcado como oculto.`,
        'Se você acha que foi um engano, peça uma revisão na própria página:',
        '{link}',
      ],
      signature: SIGNATURE.pt,
    }),
    en: ({ name, what, reason }) => ({
      subject: 'Something of yours was hidden on Acervo',
      greeting: `Hello, ${name}!`,
      paragraphs: [
        `After a report, our team hid “${what}” for breaking the terms of use (reason: ${reasonWords('en', reason)}). Only you still see it, marked as hidden.`,
        'If you think this was a mistake, ask for a review on its page:',
        '{link}',
      ],
      signature: SIGNATURE.en,
    }),
  },
  account_suspended: {
    pt: ({ name, reason }) => ({
      subject: 'Sua conta no Acervo foi suspensa',
      greeting: `Olá, ${name}!`,
      paragraphs: [
        `Depois de uma denúncia, a nossa equipe suspendeu a sua conta por violar os termos de uso (motivo: ${reasonWords('pt', reason)}). Enquanto ela estiver suspensa, não é possível entrar e o seu conteúdo público fica oculto.`,
        'Você pode pedir uma revisão, uma única vez, por este link:',
        '{link}',
      ],
      signature: SIGNATURE.pt,
    }),
    en: ({ name, reason }) => ({
      subject: 'Your Acervo account was suspended',
      greeting: `Hello, ${name}!`,
      paragraphs: [
        `After a report, our team suspended your account for breaking the terms of use (reason: ${reasonWords('en', reason)}). While it is suspended you cannot sign in and your public content is hidden.`,
        'You may ask for a review, once, through this link:',
        '{link}',
      ],
      signature: SIGNATURE.en,
    }),
  },
  contact_message: {
    pt: ({ name, email, phone, message }) => ({
      subject: `Contato pelo site: ${name}`,
      greeting: 'Nova mensagem pelo formulário de contato do Acervo.',
      paragraphs: [`Nome: ${name}`, `E-mail: ${email}`, `Telefone: ${phone || '—'}`, message],
      signature: 'Responda a este e-mail para falar com quem escreveu.',
    }),
    en: ({ name, email, phone, message }) => ({
      subject: `Website contact: ${name}`,
      greeting: 'A new message from the Acervo contact form.',
      paragraphs: [`Name: ${name}`, `E-mail: ${email}`, `Phone: ${phone || '—'}`, message],
      signature: 'Reply to this e-mail to answer the sender.',
    }),
  },
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderMail<T extends MailTemplate>(
  template: T,
  locale: MailLocale,
  data: MailData[T],
): RenderedMail {
  if (template === 'digest') return renderDigest(locale, data as MailData['digest']);
  const words = catalogue[template as Exclude<T, 'digest'>][locale](data as MailData[Exclude<T, 'digest'>]);
  const link = 'link' in data ? data.link : '';
  const textParagraphs = words.paragraphs.map((p) => (p === '{link}' ? link : p));
  const htmlParagraphs = words.paragraphs.map((p) =>
    p === '{link}'
      ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
      : `<p>${escapeHtml(p)}</p>`,
  );
  return {
    subject: words.subject,
    text: [words.greeting, ...textParagraphs, words.signature].join('\n\n') + '\n',
    html: `<!doctype html><html lang="${locale === 'pt' ? 'pt-BR' : 'en'}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(words.greeting)}</p>
${htmlParagraphs.join('\n')}
<p>${escapeHtml(words.signature)}</p>
</body></html>
`,
  };
}
