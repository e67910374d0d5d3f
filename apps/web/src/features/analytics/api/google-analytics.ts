import { pagePattern } from '@acervo/contract/analytics';

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
/** The pattern of the last page view sent: the next one's referrer. */
let lastPattern: string | undefined;

/** What gtag.js would otherwise read from the document for every hit it sends. */
interface PageFields {
  page_location: string;
  page_title: string;
  page_referrer: string;
}

function gtagFor(measurementId: string, page: PageFields): Gtag {
  const first = loadedId !== measurementId;
  if (first) {
    loadedId = measurementId;
    window.dataLayer = window.dataLayer ?? [];
    // gtag.js reads `arguments` objects from the data layer, not arrays: Google's own snippet.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
  }
  // For every hit, the events gtag.js sends on its own too (engagement, scrolls, outbound clicks),
  // set before the tag is configured: otherwise it takes the page's address, title and referrer.
  window.gtag!('set', page);
  if (first) {
    window.gtag!('js', new Date());
    window.gtag!('config', measurementId, { send_page_view: false, anonymize_ip: true });
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
 * Where the visitor came from, as a pattern too: the previous page view, or on the first one the
 * document's referrer, reduced to its pattern when it is one of our pages and to its origin when
 * it is another site's.
 */
function referrerOf(origin: string): string {
  if (lastPattern) return origin + lastPattern;
  try {
    const from = new URL(document.referrer);
    return from.origin === origin ? origin + (pagePattern(from.pathname) ?? '/') : from.origin;
  } catch {
    return '';
  }
}

/**
 * A page view of a route pattern (`/lists/:id`): Google gets neither the path, which can hold a
 * token or an id, nor the title, which names the collection or person (issue 23), nor a referrer
 * of ours.
 */
export function sendGooglePageView(measurementId: string, pattern: string): void {
  const { origin } = window.location;
  if (loadedId !== measurementId) lastPattern = undefined; // a new tag starts from the document's
  const page = { page_location: origin + pattern, page_title: pattern, page_referrer: referrerOf(origin) };
  lastPattern = pattern;
  gtagFor(measurementId, page)('event', 'page_view', { page_path: pattern, ...page });
}

/** After an opt-out, a gtag.js already loaded on this page sends nothing more. */
export function stopGoogleAnalytics(measurementId: string): void {
  (window as unknown as Record<string, boolean>)[`ga-disable-${measurementId}`] = true;
}
