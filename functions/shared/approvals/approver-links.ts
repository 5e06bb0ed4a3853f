// Per-approver approval links. Each approver's email carries a token bound to the approval id and
// to that approver (HMAC-SHA256 with a server secret), so the page knows who is deciding and a
// forwarded link can only ever decide as the approver it was sent to. The token names the approver
// by an opaque key, never by address. Signed by RequestApproval, verified by the approval callback.
import { createHash, createHmac } from 'node:crypto';
import { safeEqual } from '../signatures.js';

export const APPROVER_TOKEN_PARAM = 'as';

const keyOf = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16);
const macOf = (secret: string, approvalId: string, email: string) =>
  createHmac('sha256', secret).update(`approval-link|v1|${approvalId}|${email.toLowerCase()}`).digest('base64url');

export interface ApproverLinks {
  /** The token for one approver of one approval. */
  sign(approvalId: string, approverEmail: string): string;
  /** The approver (lower-cased) this token was issued to for this approval, or null. */
  verify(approvalId: string, token: string | undefined): string | null;
  /** The link to put in that approver's email. */
  linkFor(baseUrl: string, approvalId: string, approverEmail: string): string;
}

export function createApproverLinks(deps: { secret: string; approverEmails: string[] }): ApproverLinks {
  if (deps.secret.length < 16) throw new Error('the approval link secret must be at least 16 characters');
  const sign = (approvalId: string, email: string) => `${keyOf(email)}.${macOf(deps.secret, approvalId, email)}`;
  return {
    sign,
    verify(approvalId, token) {
      if (!token) return null;
      const [key, mac, extra] = token.split('.');
      if (!key || !mac || extra !== undefined) return null;
      // Only current approvers: removing someone from the tenant's list revokes their links.
      const approver = deps.approverEmails.find((email) => keyOf(email) === key);
      if (!approver) return null;
      return safeEqual(mac, macOf(deps.secret, approvalId, approver)) ? approver.toLowerCase() : null;
    },
    linkFor(baseUrl, approvalId, email) {
      return `${baseUrl.replace(/\/$/, '')}/approvals/${encodeURIComponent(approvalId)}?${APPROVER_TOKEN_PARAM}=${encodeURIComponent(sign(approvalId, email))}`;
    },
  };
}
