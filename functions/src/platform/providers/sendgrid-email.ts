/** SendGrid v3 mail send (the spec's apiKeySendGrid; dynamic templates by id when configured). */
import type { EmailMessage, EmailProvider } from './email-provider';

export class SendGridEmailProvider implements EmailProvider {
  readonly name = 'sendgrid' as const;

  constructor(
    private readonly apiKey: string,
    private readonly from: string,
    private readonly send_ = fetch,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const personalization = {
      to: [{ email: message.to }],
      ...(message.template ? { dynamic_template_data: message.template.data } : {}),
    };
    const body = message.template
      ? { personalizations: [personalization], from: { email: this.from }, template_id: message.template.id }
      : {
          personalizations: [personalization],
          from: { email: this.from },
          subject: message.subject,
          content: [
            { type: 'text/plain', value: message.text },
            ...(message.html ? [{ type: 'text/html', value: message.html }] : []),
          ],
        };
    const res = await this.send_('https://api.sendgrid.com/v3/mail/send', {
      method: 'POST',
      headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SendGrid refused the e-mail (${res.status})`);
  }
}
