import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../env.ts';

/** reCAPTCHA's widget: its script and the iframe it draws the checkbox in (provider=recaptcha only). */
const RECAPTCHA_SCRIPT = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * Strict headers for everything we serve. The session lives in localStorage (spec), so a CSP
 * without inline script is what keeps an injected script from reading it.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'CAPTCHA_PROVIDER'>,
): Promise<void> {
  const recaptcha = config.CAPTCHA_PROVIDER === 'recaptcha';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(recaptcha ? RECAPTCHA_SCRIPT : [])],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // ALTCHA needs nothing here: its proof-of-work workers and styles are our own files.
        ...(recaptcha ? { frameSrc: ["'self'", ...RECAPTCHA_FRAME] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS only makes sense behind TLS; the load balancer sets it in production.
    strictTransportSecurity: false,
  });
}
