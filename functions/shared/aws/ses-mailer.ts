// Mailer on Amazon SES v2 (locally: aws-ses-v2-local, which captures the mail).
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer } from '../step-deps.js';

/**
 * `configurationSet`: the tenant's (deployed), so SES publishes its sends, bounces and complaints
 * with the tenant's dimension; none locally.
 */
export function createSesMailer(deps: { client: SESv2Client; configurationSet?: string }): Mailer {
  return {
    async send(message) {
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
