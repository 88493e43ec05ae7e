import { useMutation } from '@tanstack/react-query';
import { EXTERNAL_MEDIA_FIELD, type ApiErrorBody, type ExternalSendAnswer } from '@atende/shared';
import { ApiError } from '@/lib/api-client';
import { loadConfig } from '@/lib/config';

/** What a test form sends: the connection's token, not the signed-in user's. */
export interface TestSend {
  token: string;
  number: string;
  body?: string;
  /** Present: a multipart request with the file in `medias`; absent: JSON `{number, body}`. */
  file?: File;
}

/** The external API's addresses as integrators call them: the console's API base plus the route. */
export const externalApiUrls = (apiUrl: string) => ({
  send: `${apiUrl}/messages/send`,
  openApi: `${apiUrl}/openapi.json`,
});

async function sendTestMessage({ token, number, body, file }: TestSend): Promise<ExternalSendAnswer> {
  let payload: BodyInit;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (file) {
    const form = new FormData();
    form.set('number', number);
    if (body) form.set('body', body);
    form.append(EXTERNAL_MEDIA_FIELD, file, file.name);
    payload = form;
  } else {
    payload = JSON.stringify({ number, body });
    headers['Content-Type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(externalApiUrls((await loadConfig()).apiUrl).send, { method: 'POST', headers, body: payload });
  } catch {
    throw new ApiError(0, 'ERR_NETWORK');
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const error = (parsed ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(res.status, error.error ?? `HTTP_${res.status}`, undefined, error.fields, error.params);
  }
  return parsed as ExternalSendAnswer;
}

/** `POST /api/messages/send` from the /apidocs test forms (spec part 3 "Messages API page"). */
export const useSendTestMessage = () => useMutation({ mutationFn: sendTestMessage });
