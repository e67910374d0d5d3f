import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../env.ts';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This answer's policy allows one inline script besides ours, by its CSP hash (`'sha256-…'`):
     * a page drawn before its scripts run carries one (apps/web/src/head-script.ts).
     */
    allowInlineScript(hash: string): void;
  }
}

type Sources = Partial<Record<'scriptSrc' | 'styleSrc' | 'imgSrc' | 'connectSrc' | 'frameSrc', string[]>>;

/** Google Identity Services ('Login com Google'): its script, button frame and styles. */
const GOOGLE_SIGN_IN: Sources = {
  scriptSrc: ['https://accounts.google.com/gsi/client'],
  frameSrc: ['https://accounts.google.com/gsi/'],
  connectSrc: ['https://accounts.google.com/gsi/'],
  styleSrc: ['https://accounts.google.com/gsi/style'],
};
/** Google Analytics 4 (gtag.js), with the hosts Google documents for its CSP. */
const GOOGLE_ANALYTICS: Sources = {
  scriptSrc: ['https://*.googletagmanager.com'],
  connectSrc: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  imgSrc: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/** Adds a third party's hosts; a directive not listed yet starts from default-src ('self'). */
function allow(directives: Record<string, string[]>, sources: Sources): void {
  for (const [name, hosts] of Object.entries(sources)) {
    directives[name] = [...(directives[name] ?? ["'self'"]), ...hosts];
  }
}
/** reCAPTCHA's widget: its script and the iframe it draws the checkbox in (provider=recaptcha only). */
const RECAPTCHA: Sources = {
  scriptSrc: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frameSrc: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/**
 * Helmet's headers for these options, worked out once: they are the same on every answer.
 * @fastify/helmet rebuilt Helmet (parsing the CSP directives) on every request, 3% of the CPU of
 * a collection read (decision 023).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Strict headers for everything we serve. The session lives in localStorage (spec), so a CSP
 * without inline script is what keeps an injected script from reading it.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const directives: Record<string, string[]> = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    // Issue 12: the service worker (/sw.js) and the web app manifest.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
  // Third parties are allowed only when the deployment turns their feature on.
  if (config.GOOGLE_CLIENT_ID) allow(directives, GOOGLE_SIGN_IN);
  if (config.GA_MEASUREMENT_ID) allow(directives, GOOGLE_ANALYTICS);
  // ALTCHA needs nothing here: its proof-of-work workers and styles are our own files.
  if (config.CAPTCHA_PROVIDER === 'recaptcha') allow(directives, RECAPTCHA);
  const headersWith = (scriptSrc: string[]) =>
    helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { ...directives, scriptSrc } },
      // The legacy twin of `frame-ancestors 'none'` must say the same (SAMEORIGIN contradicted it).
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      // HSTS only makes sense behind TLS; the load balancer sets it in production.
      strictTransportSecurity: false,
    });
  const headers = headersWith(directives.scriptSrc!);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Worked out once per hash too (a build has one).
  const policies = new Map<string, string>();
  app.decorateReply('allowInlineScript', function allowInlineScript(this: FastifyReply, hash: string) {
    let policy = policies.get(hash);
    if (policy === undefined) {
      policy = headersWith([...directives.scriptSrc!, hash])['content-security-policy']!;
      policies.set(hash, policy);
    }
    this.header('content-security-policy', policy);
  });

  // API answers depend on who asks and some carry a token: no cache, shared or private, may keep
  // one unless its route says otherwise (issue 14).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
