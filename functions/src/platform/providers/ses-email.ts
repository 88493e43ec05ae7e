/** Amazon SES v2 (AWS deployments without SendGrid): the sender must be a verified identity. */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { EmailMessage, EmailProvider } from './email-provider';

export class SesEmailProvider implements EmailProvider {
  readonly name = 'ses' as const;

  constructor(
    private readonly from: string,
    private readonly client = new SESv2Client({}),
  ) {}

  async send(message: EmailMessage): Promise<void> {
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: message.text, Charset: 'UTF-8' },
              ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
            },
          },
        },
      }),
    );
  }
}
