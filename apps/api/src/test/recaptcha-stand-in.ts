import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of reCAPTCHA's `siteverify` endpoint on loopback, speaking its protocol: a
 * form-encoded POST of `secret`, `response` and `remoteip`, answered with
 * `{success, challenge_ts, hostname, "error-codes"}`. Like Google, it accepts a token once and
 * for two minutes after it was issued ("timeout-or-duplicate" otherwise).
 */
export interface RecaptchaStandIn {
  readonly url: string;
  readonly secret: string;
  /** The requests it received, as parsed forms. */
  readonly requests: Array<Record<string, string>>;
  /** A token as the checkbox widget would hand one to the browser; `ageMs` backdates it. */
  issueToken(ageMs?: number): string;
  stop(): Promise<void>;
}

const TOKEN_LIFETIME_MS = 2 * 60_000;

export async function startRecaptchaStandIn(): Promise<RecaptchaStandIn> {
  const secret = `secret-${randomBytes(8).toString('hex')}`;
  const issued = new Map<string, number>();
  const verified = new Set<string>();
  const requests: Array<Record<string, string>> = [];

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push(form);
      const answer = (body: object) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      const refuse = (code: string) => answer({ success: false, 'error-codes': [code] });
      if (
        req.method !== 'POST' ||
        !req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
      ) {
        return refuse('bad-request');
      }
      if (!form.secret) return refuse('missing-input-secret');
      if (form.secret !== secret) return refuse('invalid-input-secret');
      if (!form.response) return refuse('missing-input-response');
      const issuedAt = issued.get(form.response);
      if (issuedAt === undefined) return refuse('invalid-input-response');
      if (verified.has(form.response) || Date.now() - issuedAt > TOKEN_LIFETIME_MS) {
        return refuse('timeout-or-duplicate');
      }
      verified.add(form.response);
      return answer({
        success: true,
        challenge_ts: new Date(issuedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        hostname: '127.0.0.1',
        'error-codes': [],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    secret,
    requests,
    issueToken(ageMs = 0) {
      const token = `03A${randomBytes(24).toString('base64url')}`;
      issued.set(token, Date.now() - ageMs);
      return token;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
