// Constant-time comparisons and HMAC helpers shared by the helpdesk webhook verifiers.
// Called by zendesk.ts, helpscout.ts, intercom.ts and shared-secret.ts.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export type VerifyResult = { ok: true } | { ok: false; reason: string };

/**
 * Compares two strings in time independent of where they differ and of their lengths (both are
 * hashed to 32 bytes first, so a length mismatch leaks nothing either).
 */
export function safeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

export function hmac(algorithm: 'sha1' | 'sha256', secret: string, data: string, encoding: 'base64' | 'hex'): string {
  return createHmac(algorithm, secret).update(data, 'utf8').digest(encoding);
}

/** Plain text from a helpdesk's HTML body: tags dropped, entities for the common characters decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(p|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A helpdesk id as a string, whether the payload carries it as a number or a string. */
export const idText = (value: string | number) => String(value);

/** A short stable digest of a text, for event ids of helpdesks that send no delivery id. */
export const digestOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
