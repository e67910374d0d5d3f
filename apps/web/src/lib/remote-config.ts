import type { PublicConfig } from '@acervo/contract/config';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useHydrated } from './hydrated';

/** The spec's remote-config numbers (section 7): fetch timeout and minimum fetch interval. */
const FETCH_TIMEOUT_MS = 5000;
const MIN_FETCH_INTERVAL_MS = 5000;

/**
 * What the page assumes until the deployment's settings arrive, and if they never do: no Google
 * button, no captcha widget (the server still refuses a form that needed one), the default
 * contact address. Nothing deployment-specific is baked into the build.
 */
export const DEFAULT_CONFIG: PublicConfig = {
  google_auth_enabled: false,
  google_recaptcha_enabled: false,
  captcha: { provider: 'off' },
  contact_email: 'contato@acervo.app',
};

async function fetchConfig({ signal }: { signal: AbortSignal }): Promise<PublicConfig> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort);
  const timer = setTimeout(abort, FETCH_TIMEOUT_MS);
  try {
    return await api.get<PublicConfig>('/config', { signal: controller.signal });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}

/**
 * The settings query. While a prerendered page hydrates it reads as not yet answered, as the
 * server drew it, even when the answer is already in: hydration must find the server's markup.
 */
function useConfigQuery() {
  const query = useQuery({
    queryKey: ['config'],
    queryFn: fetchConfig,
    staleTime: MIN_FETCH_INTERVAL_MS,
    retry: false,
  });
  const hydrated = useHydrated();
  return hydrated ? query : { data: undefined, isPending: true };
}

/** The deployment's public settings (`GET /api/v1/config`), read at most once per 5 s. */
export function useRemoteConfig(): PublicConfig {
  return useConfigQuery().data ?? DEFAULT_CONFIG;
}

/**
 * The same, but undefined until the first answer (or failure) settles it: for what must not act
 * on the defaults first, such as where a page view goes (our API or, with consent, Google).
 */
export function useSettledRemoteConfig(): PublicConfig | undefined {
  const { data, isPending } = useConfigQuery();
  return isPending ? undefined : (data ?? DEFAULT_CONFIG);
}
