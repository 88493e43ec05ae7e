/** Local mode's e-mail: written to the outbox the console shows (never leaves the machine). */
import { putOutboxMail } from '../../data/email-outbox';
import type { EmailMessage, EmailProvider } from './email-provider';

export class OutboxEmailProvider implements EmailProvider {
  readonly name = 'outbox' as const;

  async send(message: EmailMessage): Promise<void> {
    await putOutboxMail({
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
  }
}
