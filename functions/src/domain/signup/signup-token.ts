/**
 * The e-mail confirmation of a sign-up: a random token (only its hash is stored), valid
 * SIGNUP_TOKEN_HOURS, sent as a link to `/signup?token=…` of the console.
 */
import { randomBytes } from 'node:crypto';
import { getPlatformCompanyId } from '../../data/companies';
import type { Lead } from '../../data/leads';
import { putSignupToken } from '../../data/leads';
import { ttlIn } from '../../data/keys';
import { AppError } from '../../platform/app-error';
import { emailProvider } from '../../platform/providers/email-provider-factory';

export const SIGNUP_TOKEN_HOURS = 24;

export async function sendSignupConfirmation(lead: Pick<Lead, 'id' | 'email' | 'namePersonal' | 'name'>): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const validUntil = new Date(Date.now() + SIGNUP_TOKEN_HOURS * 3600_000).toISOString();
  await putSignupToken(token, lead.id, validUntil, ttlIn(SIGNUP_TOKEN_HOURS * 3600 + 7 * 86_400));
  const link = `${(process.env.PUBLIC_URL ?? '').replace(/\/$/, '')}/signup?token=${token}`;
  const email = await emailProvider(await getPlatformCompanyId());
  if (!email) throw new AppError('ERR_FEATURE_UNAVAILABLE', 503);
  await email.provider.send({
    to: lead.email,
    subject: 'Confirme seu cadastro',
    text: `Olá ${lead.namePersonal},\n\nConfirme o cadastro de ${lead.name} abrindo o link abaixo (válido por ${SIGNUP_TOKEN_HOURS} horas):\n\n${link}\n`,
    html: `<p>Olá ${escapeHtml(lead.namePersonal)},</p><p>Confirme o cadastro de <b>${escapeHtml(lead.name)}</b> (link válido por ${SIGNUP_TOKEN_HOURS} horas):</p><p><a href="${link}">${link}</a></p>`,
    ...(email.templates.register
      ? { template: { id: email.templates.register, data: { name: lead.namePersonal, company: lead.name, link } } }
      : {}),
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
