/**
 * Google Analytics 4 through gtag.js, loaded only after the visitor accepts the cookie notice.
 * Page views are sent by us on each route change (`send_page_view: false`), since a single-page
 * app never reloads.
 */
type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let loadedId: string | undefined;

function gtagFor(measurementId: string): Gtag {
  if (loadedId !== measurementId) {
    loadedId = measurementId;
    window.dataLayer = window.dataLayer ?? [];
    // gtag.js reads `arguments` objects from the data layer, not arrays: Google's own snippet.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', measurementId, { send_page_view: false, anonymize_ip: true });
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
    script.onerror = () => console.error('Google Analytics unavailable');
    document.head.append(script);
  }
  // Google's documented switch: set before any hit, it keeps gtag.js from sending anything.
  (window as unknown as Record<string, boolean>)[`ga-disable-${measurementId}`] = false;
  return window.gtag!;
}

/**
 * A page view of a route pattern (`/lists/:id`): Google gets neither the path, which can hold a
 * token or an id, nor the title, which names the collection or person (issue 23).
 */
export function sendGooglePageView(measurementId: string, pattern: string): void {
  gtagFor(measurementId)('event', 'page_view', {
    page_path: pattern,
    page_location: window.location.origin + pattern,
    page_title: pattern,
  });
}

/** After an opt-out, a gtag.js already loaded on this page sends nothing more. */
export function stopGoogleAnalytics(measurementId: string): void {
  (window as unknown as Record<string, boolean>)[`ga-disable-${measurementId}`] = true;
}
