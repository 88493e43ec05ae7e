/**
 * Outgoing e-mail (sign-up confirmation, invoices). SendGrid (the spec's apiKeySendGrid and template
 * ids) or Amazon SES in AWS; locally an outbox in the table that a person opens in the console
 * (`/outbox`, local mode only) to click the confirmation link.
 */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A dynamic template of the provider (SendGrid `templateId`), when configured. */
  template?: { id: string; data: Record<string, string> };
}

export interface EmailProvider {
  readonly name: 'sendgrid' | 'ses' | 'outbox';
  send(message: EmailMessage): Promise<void>;
}
