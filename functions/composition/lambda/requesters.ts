// The requester directory for the entries that start runs (run-starter, the console's re-run): the
// tenant's helpdesk API, its client built on the first look-up (HELPDESK_* settings and secrets).
import { createHelpdesk, type HelpdeskApi } from '#shared/helpdesk/index.js';
import type { RequesterDirectory } from '../../shared/requesters.js';
import { required } from '../lambda-config.js';
import { part } from '../lambda-app.js';
import { helpdeskRequesters } from '../../shared/requesters.js';

export const requestersOf = part(({ config }): RequesterDirectory => {
  let helpdesk: HelpdeskApi | null = null;
  const directory = () =>
    helpdeskRequesters(
      (helpdesk ??= createHelpdesk(config.HELPDESK_KIND, {
        baseUrl: required(config, 'HELPDESK_BASE_URL'),
        email: required(config, 'HELPDESK_EMAIL'),
        token: required(config, 'HELPDESK_TOKEN'),
      })),
    );
  return { emailOf: (id) => directory().emailOf(id), requesterOf: (id) => directory().requesterOf!(id) };
});
