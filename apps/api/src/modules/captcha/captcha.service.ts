import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AltchaChallenge } from '@acervo/contract/captcha';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';

/** The spec's S-01 text; the web words it per form (contact has its own), the code decides. */
const captchaFailed = () => new AppError(400, 'CAPTCHA_FAILED', 'Por favor, complete o reCAPTCHA. (S-01)');

/** An ALTCHA challenge must be solved and used within this time. */
const ALTCHA_TTL_MS = 10 * 60_000;
/** Google answers `timeout-or-duplicate` for tokens older than two minutes; we remember them longer. */
const RECAPTCHA_TOKEN_TTL_MS = 10 * 60_000;
const RECAPTCHA_TIMEOUT_MS = 10_000;
const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

export interface CaptchaVerifier {
  readonly provider: Config['CAPTCHA_PROVIDER'];
  /** A new ALTCHA challenge (only with CAPTCHA_PROVIDER=altcha). */
  challenge(): Promise<AltchaChallenge>;
  /**
   * Accepts a token once: throws 400 CAPTCHA_FAILED when it is missing, invalid, expired or was
   * accepted before. Does nothing when the provider is off.
   */
  verify(token: string | undefined, remoteIp: string): Promise<void>;
}

/**
 * Records a token as used; false when it already was. The primary key makes this atomic across API
 * nodes, and rows past their expiry are cleared on the way (they could not be replayed anyway).
 */
async function useOnce(db: Db, key: string, expiresAt: Date): Promise<boolean> {
  await db.query('DELETE FROM captcha_uses WHERE expires_at < now()');
  const rows = await db.query(
    `INSERT INTO captcha_uses (token_hash, expires_at) VALUES ($1, $2)
     ON CONFLICT (token_hash) DO NOTHING RETURNING token_hash`,
    [createHash('sha256').update(key).digest('hex'), expiresAt],
  );
  return rows.length === 1;
}

/**
 * ALTCHA's HMAC key: the configured one, or one generated at first start and kept in DATA_DIR so
 * restarts keep accepting challenges already handed out. Never logged.
 */
async function altchaKey(config: Config): Promise<string> {
  if (config.ALTCHA_HMAC_KEY) return config.ALTCHA_HMAC_KEY;
  const file = resolve(config.DATA_DIR, 'altcha-hmac-key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const key = randomBytes(32).toString('hex');
    await mkdir(dirname(file), { recursive: true });
    // 'wx': if another process wrote it first, read theirs.
    await writeFile(file, key, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}

/** The widget's payload: base64 of JSON `{challenge, solution}` (ALTCHA v2). */
function parseAltchaPayload(token: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as unknown;
    if (
      typeof payload === 'object' &&
      payload !== null &&
      'challenge' in payload &&
      'solution' in payload &&
      typeof payload.challenge === 'object' &&
      payload.challenge !== null &&
      'parameters' in payload.challenge &&
      typeof payload.solution === 'object' &&
      payload.solution !== null
    ) {
      return payload as { challenge: Challenge; solution: Solution };
    }
  } catch {
    // Not base64 JSON: invalid like any other wrong token.
  }
  return null;
}

async function altchaVerifier(db: Db, config: Config): Promise<CaptchaVerifier> {
  const hmacSignatureSecret = await altchaKey(config);
  // Deterministic mode: the server signs the derived key, so verifying costs one HMAC, not the work.
  const hmacKeySignatureSecret = createHash('sha256').update(`key:${hmacSignatureSecret}`).digest('hex');
  return {
    provider: 'altcha',
    challenge: async () => {
      const { parameters, signature } = await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: config.ALTCHA_COST,
        counter: randomInt(config.ALTCHA_MAX_COUNTER, Math.ceil(config.ALTCHA_MAX_COUNTER / 2)),
        deriveKey,
        expiresAt: new Date(Date.now() + ALTCHA_TTL_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return { parameters: { ...parameters }, ...(signature ? { signature } : {}) };
    },
    async verify(token) {
      const payload = token ? parseAltchaPayload(token) : null;
      if (!payload) throw captchaFailed();
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => ({ verified: false }));
      if (!result.verified) throw captchaFailed();
      // The nonce is covered by the signature, so it names the challenge; its expiry bounds the row.
      const { nonce, expiresAt } = payload.challenge.parameters;
      const until = new Date((expiresAt ?? 0) * 1000 || Date.now() + ALTCHA_TTL_MS);
      if (!(await useOnce(db, `altcha:${nonce}`, until))) throw captchaFailed();
    },
  };
}

interface SiteverifyAnswer {
  success?: boolean;
  'error-codes'?: string[];
}

function recaptchaVerifier(db: Db, config: Config): CaptchaVerifier {
  const secret = config.RECAPTCHA_SECRET_KEY ?? '';
  return {
    provider: 'recaptcha',
    challenge: () => Promise.reject(new AppError(404, 'NOT_FOUND', 'Não há desafio com este captcha.')),
    async verify(token, remoteIp) {
      if (!token) throw captchaFailed();
      // Google's siteverify protocol: a form-encoded POST; the secret never goes anywhere else.
      const answer = await fetch(config.RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(RECAPTCHA_TIMEOUT_MS),
      })
        .then((res): Promise<SiteverifyAnswer> | SiteverifyAnswer => (res.ok ? res.json() : {}))
        .catch((): SiteverifyAnswer => ({}));
      if (answer.success !== true) throw captchaFailed();
      // Google refuses a second verification of a token too; this holds even if it did not.
      if (!(await useOnce(db, `recaptcha:${token}`, new Date(Date.now() + RECAPTCHA_TOKEN_TTL_MS)))) {
        throw captchaFailed();
      }
    },
  };
}

const noCaptcha: CaptchaVerifier = {
  provider: 'off',
  challenge: () => Promise.reject(new AppError(404, 'NOT_FOUND', 'Não há desafio com este captcha.')),
  verify: () => Promise.resolve(),
};

/** The configured provider's verifier; one per app. */
export async function createCaptchaVerifier(db: Db, config: Config): Promise<CaptchaVerifier> {
  if (config.CAPTCHA_PROVIDER === 'altcha') return altchaVerifier(db, config);
  if (config.CAPTCHA_PROVIDER === 'recaptcha') return recaptchaVerifier(db, config);
  return noCaptcha;
}

/** A route's preHandler that accepts the body's `captcha` token once, or refuses the request. */
export function captchaRequired(captcha: CaptchaVerifier) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body as { captcha?: string } | undefined;
    await captcha.verify(body?.captcha, request.ip);
  };
}
