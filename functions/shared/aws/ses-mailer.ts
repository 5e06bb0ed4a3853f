// Mailer on Amazon SES v2 (locally: aws-ses-v2-local, which captures the mail). The SES SDK module
// is loaded on the first email, not at a function's cold start: only request-approval sends mail.
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer } from '../step/deps.js';

/**
 * `configurationSet`: the tenant's (deployed), so SES publishes its sends, bounces and complaints
 * with the tenant's dimension; none locally.
 */
export function createSesMailer(deps: { client: SESv2Client; configurationSet?: string }): Mailer {
  return {
    async send(message) {
      const { SendEmailCommand } = await import('@aws-sdk/client-sesv2');
      await deps.client.send(
        new SendEmailCommand({
          FromEmailAddress: message.from,
          ...(deps.configurationSet ? { ConfigurationSetName: deps.configurationSet } : {}),
          Destination: { ToAddresses: message.to },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
            },
          },
        }),
      );
    },
  };
}
