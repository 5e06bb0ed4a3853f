// Constant-time comparisons and HMAC helpers shared by the helpdesk webhook verifiers.
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

/**
 * Plain text from a helpdesk's HTML body: tags dropped, entities for the common characters decoded.
 * Linear in the input: every pattern below matches in one pass without backtracking over what it
 * already read (a tag is found with indexOf, so a text of "<" without any ">" is read once, not
 * once per "<").
 */
export function textOf(html: string): string {
  return stripTags(html.replace(/<br\s*\/?>|<\/(p|div|li)>/gi, '\n'))
    .replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const ENTITIES: Readonly<Record<string, string>> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' };

/** Removes every "<…>" (as /<[^>]*>/g would), scanning the text once. */
function stripTags(html: string): string {
  let out = '';
  let from = 0;
  while (from < html.length) {
    const open = html.indexOf('<', from);
    if (open === -1) break;
    const close = html.indexOf('>', open + 1);
    // No ">" after this "<": none after any later "<" either, so the rest is text.
    if (close === -1) break;
    out += html.slice(from, open);
    from = close + 1;
  }
  return out + html.slice(from);
}

/** A helpdesk id as a string, whether the payload carries it as a number or a string. */
export const idText = (value: string | number) => String(value);

/** A short stable digest of a text, for event ids of helpdesks that send no delivery id. */
export const digestOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
