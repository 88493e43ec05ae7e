/**
 * Efí (formerly Gerencianet) Pix API: OAuth client credentials over mutual TLS with the account's
 * .p12 certificate (uploaded by a super user, `/upload-p12`), immediate charges (`PUT /v2/cob/{txid}`)
 * and their state (`GET /v2/cob/{txid}`). Production `pix.api.efipay.com.br`, sandbox
 * `pix-h.api.efipay.com.br`. node:https because fetch cannot present a client certificate without
 * an extra dependency.
 */
import { request } from 'node:https';
import { formatBrl, type PixCharge, type PixChargeRequest, type PixChargeStatus, type PixProvider } from './pix-provider';

export interface EfiCredentials {
  clientId: string;
  clientSecret: string;
  pixKey: string;
  /** The account's .p12 certificate (no passphrase, as Efí issues it). */
  certificate: Buffer;
  sandbox: boolean;
}

interface HttpAnswer {
  status: number;
  body: unknown;
}
type Transport = (opts: {
  method: string;
  host: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  pfx: Buffer;
}) => Promise<HttpAnswer>;

const REQUEST_TIMEOUT_MS = 10_000;

const httpsTransport: Transport = (opts) =>
  new Promise((resolve, reject) => {
    const req = request(
      {
        method: opts.method,
        host: opts.host,
        path: opts.path,
        headers: opts.headers,
        pfx: opts.pfx,
        passphrase: '',
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            /* keep text */
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('Efí request timed out')));
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });

export class EfiPixProvider implements PixProvider {
  readonly name = 'efi' as const;
  private token: { value: string; expiresAt: number } | undefined;

  constructor(
    private readonly credentials: EfiCredentials,
    private readonly transport: Transport = httpsTransport,
  ) {}

  private get host(): string {
    return this.credentials.sandbox ? 'pix-h.api.efipay.com.br' : 'pix.api.efipay.com.br';
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 30_000) return this.token.value;
    const basic = Buffer.from(`${this.credentials.clientId}:${this.credentials.clientSecret}`).toString('base64');
    const answer = await this.transport({
      method: 'POST',
      host: this.host,
      path: '/oauth/token',
      pfx: this.credentials.certificate,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    const body = answer.body as { access_token?: string; expires_in?: number } | undefined;
    if (answer.status !== 200 || !body?.access_token) throw new Error(`Efí OAuth refused (${answer.status})`);
    this.token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  private async call(method: string, path: string, payload?: unknown): Promise<HttpAnswer> {
    const token = await this.accessToken();
    return this.transport({
      method,
      host: this.host,
      path,
      pfx: this.credentials.certificate,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
  }

  async createCharge(req: PixChargeRequest): Promise<PixCharge> {
    const taxId = req.payer.taxId?.replace(/\D/g, '');
    const devedor = taxId
      ? { nome: req.payer.name, ...(taxId.length === 11 ? { cpf: taxId } : { cnpj: taxId }) }
      : undefined;
    const answer = await this.call('PUT', `/v2/cob/${req.txid}`, {
      calendario: { expiracao: req.expiresInSeconds },
      ...(devedor ? { devedor } : {}),
      valor: { original: formatBrl(req.amount) },
      chave: this.credentials.pixKey,
      solicitacaoPagador: req.description.slice(0, 140),
    });
    if (answer.status !== 201 && answer.status !== 200) throw new Error(`Efí refused the charge (${answer.status})`);
    return toCharge(answer.body);
  }

  async getCharge(txid: string): Promise<PixCharge | undefined> {
    const answer = await this.call('GET', `/v2/cob/${txid}`);
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw new Error(`Efí charge lookup failed (${answer.status})`);
    return toCharge(answer.body);
  }
}

function toCharge(body: unknown): PixCharge {
  const b = body as { txid: string; status: PixChargeStatus; valor: { original: string }; pixCopiaECola?: string };
  return { txid: b.txid, status: b.status, amount: Number(b.valor.original), copyPaste: b.pixCopiaECola ?? '' };
}
