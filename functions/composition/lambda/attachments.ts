// The helpdesk attachment reader for the pages that show a ticket's images (approval page, console
// run page): the tenant's helpdesk API with its HELPDESK_* settings and secret, built on first use.
// Without the settings there is no reader, and the pages show plain links.
import { createAttachmentReader, type AttachmentReader } from '#shared/helpdesk/index.js';
import { part } from '../lambda-app.js';

export const attachmentReaderOf = part(({ config }): AttachmentReader | undefined => {
  const { HELPDESK_BASE_URL: baseUrl, HELPDESK_EMAIL: email, HELPDESK_TOKEN: token } = config;
  if (!baseUrl || !email || !token) return undefined;
  return createAttachmentReader({ connector: config.HELPDESK_KIND, baseUrl, email, token });
});
