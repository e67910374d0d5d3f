import { buffer } from 'node:stream/consumers';
import { simpleParser, type Source } from 'mailparser';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links of the text part, in order. */
  links: string[];
  /** The Reply-To address, or ''. */
  replyTo: string;
  /** Every header's name, lower-cased (to see that no injected one arrived). */
  headerNames: string[];
  /** Each header's value as sent (unfolded), by lower-cased name: List-Unsubscribe and the like. */
  rawHeaders: Record<string, string>;
  /** The message as it arrived, byte for byte (what a DKIM verifier reads). */
  raw: Buffer;
}

/** A raw RFC 5322 message as a test reads it: the loopback SMTP server's and the e2e .eml files. */
export async function parseMail(source: Source): Promise<ReceivedMail> {
  const raw = await toBuffer(source);
  const parsed = await simpleParser(raw);
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  const text = parsed.text ?? '';
  return {
    to: to?.value[0]?.address ?? '',
    subject: parsed.subject ?? '',
    text,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    links: text.match(/https?:\/\/\S+/g) ?? [],
    replyTo: parsed.replyTo?.value[0]?.address ?? '',
    raw,
    headerNames: [...parsed.headers.keys()],
    rawHeaders: Object.fromEntries(
      parsed.headerLines.map(({ key, line }) => [
        key,
        line
          .slice(line.indexOf(':') + 1)
          .replace(/\r?\n(?=[ \t])/g, '')
          .trim(),
      ]),
    ),
  };
}

const toBuffer = async (source: Source): Promise<Buffer> =>
  Buffer.isBuffer(source) ? source : typeof source === 'string' ? Buffer.from(source) : buffer(source);
