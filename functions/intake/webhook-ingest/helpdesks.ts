// The helpdesks the front door accepts, as data: how each verifies a delivery and normalizes its
// body. Adding one is a row here plus its module.
import { WebhookSource } from '#functions/shared/domain/run.js';
import type { NormalizeContext, NormalizeResult } from './normalized.js';
import type { VerifyResult } from '../../shared/signatures.js';
import { normalizeZendesk, verifyZendesk, ZENDESK_SIGNATURE_HEADER, ZENDESK_TIMESTAMP_HEADER } from './zendesk.js';
import { HELPSCOUT_SIGNATURE_HEADER, normalizeHelpScout, verifyHelpScout } from './helpscout.js';
import { INTERCOM_SIGNATURE_HEADER, normalizeIntercom, verifyIntercom } from './intercom.js';
import { normalizeFreshdesk, normalizeGorgias, SHARED_SECRET_HEADER, verifySharedSecret } from './shared-secret.js';

/** The helpdesks whose webhooks the front door verifies: the run's WebhookSource list, not a copy. */
export const WEBHOOK_SOURCES: readonly WebhookSource[] = WebhookSource.options;

/** Per-helpdesk webhook secrets; a helpdesk without one has no webhook (404). */
export type WebhookSecrets = Partial<Record<WebhookSource, string>>;

export interface VerifyInput {
  secret: string;
  header: (name: string) => string | undefined;
  body: string;
  now: Date;
}

export interface HelpdeskWebhook {
  /** Headers a signed delivery always carries: without one, the delivery is refused before its body is read. */
  signatureHeaders: readonly string[];
  verify(input: VerifyInput): VerifyResult;
  /**
   * The signature covers the body alone (no signed timestamp): deliveries are bounded by the replay
   * window on their signed ids and dates (replay-window.ts). Zendesk signs a timestamp checked within 5 minutes.
   */
  replayWindow?: boolean;
  normalize(payload: unknown, ctx: NormalizeContext): NormalizeResult;
}

export const HELPDESK_WEBHOOKS: Record<WebhookSource, HelpdeskWebhook> = {
  zendesk: {
    signatureHeaders: [ZENDESK_SIGNATURE_HEADER, ZENDESK_TIMESTAMP_HEADER],
    verify: ({ secret, header, body, now }) =>
      verifyZendesk({ secret, signature: header(ZENDESK_SIGNATURE_HEADER), timestamp: header(ZENDESK_TIMESTAMP_HEADER), body, now }),
    normalize: normalizeZendesk,
  },
  helpscout: {
    signatureHeaders: [HELPSCOUT_SIGNATURE_HEADER],
    verify: ({ secret, header, body }) => verifyHelpScout({ secret, signature: header(HELPSCOUT_SIGNATURE_HEADER), body }),
    replayWindow: true,
    normalize: normalizeHelpScout,
  },
  intercom: {
    signatureHeaders: [INTERCOM_SIGNATURE_HEADER],
    verify: ({ secret, header, body }) => verifyIntercom({ secret, signature: header(INTERCOM_SIGNATURE_HEADER), body }),
    replayWindow: true,
    normalize: normalizeIntercom,
  },
  gorgias: {
    signatureHeaders: [SHARED_SECRET_HEADER],
    verify: ({ secret, header }) => verifySharedSecret({ secret, given: header(SHARED_SECRET_HEADER) }),
    normalize: normalizeGorgias,
  },
  freshdesk: {
    signatureHeaders: [SHARED_SECRET_HEADER],
    verify: ({ secret, header }) => verifySharedSecret({ secret, given: header(SHARED_SECRET_HEADER) }),
    normalize: normalizeFreshdesk,
  },
};

export function isWebhookSource(name: string): name is WebhookSource {
  return (WEBHOOK_SOURCES as readonly string[]).includes(name);
}
