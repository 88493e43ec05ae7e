/**
 * Runtime configuration: the same build runs locally and in every AWS stage, so the
 * endpoints come from `/config.json` (written by the local runner or the CDK web
 * deployment), fetched once at boot before the app renders.
 */
export interface RuntimeConfig {
  apiUrl: string;
  wsUrl: string;
  localMode: boolean;
  simulatorUrl?: string;
}

let current: RuntimeConfig | null = null;
let loading: Promise<RuntimeConfig> | null = null;

/** Same-origin defaults: the local runner and CloudFront both mount the API at /api and the socket at /ws. */
export function defaultConfig(origin: string = window.location.origin): RuntimeConfig {
  const url = new URL(origin);
  const wsProtocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return { apiUrl: `${url.origin}/api`, wsUrl: `${wsProtocol}//${url.host}/ws`, localMode: false };
}

function normalise(raw: Partial<RuntimeConfig>): RuntimeConfig {
  const fallback = defaultConfig();
  return {
    apiUrl: (raw.apiUrl ?? fallback.apiUrl).replace(/\/+$/, ''),
    wsUrl: raw.wsUrl ?? fallback.wsUrl,
    localMode: raw.localMode === true,
    ...(raw.simulatorUrl ? { simulatorUrl: raw.simulatorUrl.replace(/\/+$/, '') } : {}),
  };
}

export function loadConfig(): Promise<RuntimeConfig> {
  if (current) return Promise.resolve(current);
  loading ??= fetch('/config.json', { cache: 'no-store' })
    .then((res) => (res.ok ? (res.json() as Promise<Partial<RuntimeConfig>>) : {}))
    .catch(() => ({}))
    .then((raw) => {
      current = normalise(raw);
      return current;
    });
  return loading;
}

/** Tests and storybook-like harnesses set the config directly. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
  loading = Promise.resolve(config);
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config not loaded: call loadConfig() before rendering');
  return current;
}

/** The config never changes after boot, so a plain read is enough (no context needed). */
export function useRuntimeConfig(): RuntimeConfig {
  return getRuntimeConfig();
}
