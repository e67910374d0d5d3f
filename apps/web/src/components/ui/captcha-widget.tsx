import type { PublicConfig } from '@acervo/contract/config';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {} from 'altcha/types/react';
import { currentLanguage } from '../../lib/i18n';

/** The ALTCHA widget fetches its challenges here (answered by our API, nothing third-party). */
const ALTCHA_CHALLENGE_URL = '/api/v1/captcha/challenge';
const RECAPTCHA_SCRIPT =
  'https://www.google.com/recaptcha/api.js?render=explicit&onload=acervoRecaptchaLoaded';

/**
 * The widget's own bundle, loaded only on pages with a captcha. The "external" build keeps its
 * styles and proof-of-work worker in files of ours, so the CSP needs no inline style or blob.
 */
let altchaLoaded: Promise<void> | undefined;
function loadAltcha(): Promise<void> {
  altchaLoaded ??= (async () => {
    // Styles before the element: it draws itself once defined, and drawn unstyled it would move
    // when they arrived (a layout shift on the registration page, issue 12).
    await import('altcha/altcha.css');
    await import('altcha/external');
    const [{ default: Pbkdf2Worker }] = await Promise.all([
      import('altcha/workers/pbkdf2?worker'),
      import('altcha/i18n/pt-br'),
      import('altcha/i18n/en'),
    ]);
    // The server's challenges use PBKDF2/SHA-256 (apps/api/src/modules/captcha).
    globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
  })();
  return altchaLoaded;
}

/** What says someone is using the page: ALTCHA's script loads on the first of them. */
const FIRST_USE = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Runs `start` on the first sign of someone using the page, or at once if ALTCHA has loaded
 * already (another form of this visit). The script is 80 KB whose evaluation is a long task on a
 * slow phone; loaded with the page, it was most of `/register`'s blocking time (decision 031).
 * The person fills the form's fields before they reach the captcha, so it is there by then.
 */
function onFirstUse(start: () => void): () => void {
  if (altchaLoaded) {
    start();
    return () => undefined;
  }
  const stop = () => FIRST_USE.forEach((type) => window.removeEventListener(type, once, true));
  const once = () => {
    stop();
    start();
  };
  FIRST_USE.forEach((type) => window.addEventListener(type, once, { capture: true, passive: true }));
  return stop;
}

/** The ALTCHA element's own method (its checkbox's click), once its script has defined it. */
type AltchaElement = HTMLElement & { verify?: () => Promise<unknown> };

interface Grecaptcha {
  render(element: HTMLElement, options: Record<string, unknown>): number;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    acervoRecaptchaLoaded?: () => void;
  }
}

/** Google's script, once; it calls `acervoRecaptchaLoaded` when `grecaptcha.render` is ready. */
let recaptchaLoaded: Promise<Grecaptcha> | undefined;
function loadRecaptcha(): Promise<Grecaptcha> {
  recaptchaLoaded ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.acervoRecaptchaLoaded = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject());
    const script = document.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT}&hl=${currentLanguage() === 'en' ? 'en' : 'pt-BR'}`;
    script.async = true;
    script.onerror = () => {
      recaptchaLoaded = undefined;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(script);
  });
  return recaptchaLoaded;
}

interface CaptchaWidgetProps {
  captcha: PublicConfig['captcha'];
  /** A token when solved; null when it expires or the widget fails (spec: expiry clears it). */
  onToken: (token: string | null) => void;
}

/** The configured captcha: ALTCHA's checkbox (self-hosted) or reCAPTCHA's. */
export function CaptchaWidget({ captcha, onToken }: CaptchaWidgetProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const [altchaReady, setAltchaReady] = useState(false);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (captcha.provider === 'altcha') {
      const onState = (event: Event) => {
        const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
        onTokenRef.current(state === 'verified' && payload ? payload : null);
      };
      element.addEventListener('statechange', onState);
      // Without its script the element stays empty; the form still says S-01 on submit.
      const stop = onFirstUse(() => {
        void loadAltcha().then(
          () => setAltchaReady(true),
          () => undefined,
        );
      });
      return () => {
        stop();
        element.removeEventListener('statechange', onState);
      };
    }
    let active = true;
    loadRecaptcha()
      .then((grecaptcha) => {
        if (!active) return;
        grecaptcha.render(element, {
          sitekey: captcha.site_key,
          callback: (token: string) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(null),
          'error-callback': () => onTokenRef.current(null),
        });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [captcha.provider, captcha.site_key]);

  return (
    <div className="captcha mb-3" data-testid="captcha">
      {captcha.provider === 'altcha' ? (
        <>
          <altcha-widget
            ref={ref}
            challenge={ALTCHA_CHALLENGE_URL}
            language={currentLanguage() === 'en' ? 'en' : 'pt-br'}
            type="checkbox"
          />
          {altchaReady ? null : (
            // Until the script has defined the element (CSS hides this the moment it is), a
            // checkbox that looks like ALTCHA's; ticking it loads the widget and starts it, as
            // ticking the real one would.
            <label className="captcha-stand-in">
              <input
                type="checkbox"
                className="form-check-input m-0"
                checked={false}
                onChange={() => {
                  void loadAltcha()
                    .then(() => (ref.current as AltchaElement | null)?.verify?.())
                    .catch(() => undefined);
                }}
              />
              {t('common.captchaLabel')}
            </label>
          )}
        </>
      ) : (
        <div ref={ref as React.RefObject<HTMLDivElement | null>} />
      )}
    </div>
  );
}
