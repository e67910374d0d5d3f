import type { Session } from '@acervo/contract/auth';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-errors';
import { currentLanguage } from '../../../lib/i18n';
import { createGoogleSession } from '../api/auth-api';
import type { TextKey } from '../../../lib/i18n';

/** The few parts of Google Identity Services (https://accounts.google.com/gsi/client) we call. */
interface GoogleIdentityServices {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: unknown }) => void;
    ux_mode?: 'popup';
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentityServices } };
  }
}

const GIS_SRC = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleIdentityServices> | undefined;

/** Loads Google's script once, and only when a page with the button asks for it. */
function loadGoogleIdentity(): Promise<GoogleIdentityServices> {
  if (loading) return loading;
  const present = window.google?.accounts?.id;
  if (present) return (loading = Promise.resolve(present));
  loading = new Promise<GoogleIdentityServices>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.onload = () => {
      const gis = window.google?.accounts?.id;
      if (gis) resolve(gis);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => reject(new Error(`could not load ${GIS_SRC}`));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined; // the next page with the button tries again
    throw error;
  });
  return loading;
}

/** A JWT is three base64url parts; anything else is not a credential we could send. */
const looksLikeJwt = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value);

/**
 * 'Login com Google' (Google Identity Services), shown when the remote flag google_auth_enabled is
 * on. The credential Google hands the page goes to our API, which verifies it and answers a
 * session like the password login's; the browser never decodes or trusts it (integrations issue).
 */
export function GoogleSignInSlot({
  enabled,
  clientId,
  onSignedIn,
  onFailure,
}: {
  enabled: boolean;
  clientId: string | undefined;
  onSignedIn: (session: Session) => Promise<void> | void;
  /** A catalogue key for the form's alert. */
  onFailure: (messageKey: TextKey) => void;
}) {
  const { t, i18n } = useTranslation();
  const buttonRef = useRef<HTMLDivElement>(null);
  // The latest handlers, so that Google's callback (registered once) never calls stale ones.
  const handlers = useRef({ onSignedIn, onFailure });
  useEffect(() => {
    handlers.current = { onSignedIn, onFailure };
  });

  useEffect(() => {
    if (!enabled || !clientId) return;
    let active = true;
    loadGoogleIdentity()
      .then((gis) => {
        const parent = buttonRef.current;
        if (!active || !parent) return;
        gis.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            if (!looksLikeJwt(credential)) return handlers.current.onFailure('errors.googleTokenUnreadable');
            createGoogleSession({ credential, locale: currentLanguage() })
              .then((session) => handlers.current.onSignedIn(session))
              .catch((error: unknown) => handlers.current.onFailure(errorMessageKey(error, 'googleLogin')));
          },
        });
        gis.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'pill',
          locale: i18n.language === 'en' ? 'en' : 'pt-BR',
          width: Math.min(parent.clientWidth || 320, 400),
        });
      })
      // The provider's own failures only go to the console (spec section 8); the form still works.
      .catch((error: unknown) => console.error('Google sign-in unavailable:', error));
    return () => {
      active = false;
    };
  }, [enabled, clientId, i18n.language]);

  if (!enabled || !clientId) return null;
  return (
    <>
      <div className="d-flex align-items-center gap-3 my-3 text-body-secondary">
        <hr className="flex-grow-1" />
        <span>{t('auth.login.or')}</span>
        <hr className="flex-grow-1" />
      </div>
      <div
        ref={buttonRef}
        role="group"
        className="google-sign-in-slot d-flex justify-content-center"
        data-testid="google-sign-in-slot"
        aria-label={t('auth.login.google')}
      />
    </>
  );
}
