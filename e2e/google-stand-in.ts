export const CLIENT_ID = 'acervo-e2e.apps.googleusercontent.com';

/**
 * Google Identity Services cannot load offline: this stand-in answers for
 * https://accounts.google.com/gsi/client and, like Google's, renders a button that hands the
 * page's callback an ID token, here one signed by our local issuer.
 */
export function standInGoogleScript(credential: string): string {
  return `window.google = { accounts: { id: {
    initialize(options) { window.__gis = options; },
    renderButton(parent) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Fazer login com o Google';
      button.onclick = () => window.__gis.callback({ credential: ${JSON.stringify(credential)}, select_by: 'btn' });
      parent.append(button);
    },
  } } };`;
}
