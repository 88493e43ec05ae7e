/**
 * The one way an integration talks to its service: a JSON POST with a deadline. Anything but a 2xx
 * JSON (or empty) answer within the deadline is an `IntegrationFailure`, whose `reason` ends up in the
 * note the ticket gets when it falls back to a human.
 */
export const INTEGRATION_TIMEOUT_MS = 15_000;

export class IntegrationFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  timeoutMs = INTEGRATION_TIMEOUT_MS,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = (err as Error).name;
    throw new IntegrationFailure(
      name === 'TimeoutError' ? `sem resposta em ${Math.ceil(timeoutMs / 1000)} s` : 'serviço inacessível',
    );
  }
  const text = await res.text().catch(() => '');
  if (res.status < 200 || res.status >= 300) throw new IntegrationFailure(`HTTP ${res.status}`);
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new IntegrationFailure('resposta inválida (não é JSON)');
  }
}

/** `https://x/y/` + `/a` → `https://x/y/a`. */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
