// Writes the approval email of the test case (support/approval-case.ts) as an HTML file, for the
// screenshot in docs/images/approval-email.png:
//   npx tsx test/unit/functions/support/write-approval-html.ts approval.html
//   chromium --headless --no-sandbox --screenshot=docs/images/approval-email.png --window-size=900,1400 "file://$PWD/approval.html"
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { approvalEmail } from '#functions/approvals/request-approval/email.js';
import { EXPIRES_AT, LINK, PARIS, TENANT, approvalRun } from './approval-case.js';
import { NOW } from '../../../support/steps.js';

const out = process.argv[2] ?? join(tmpdir(), 'approval.html');
const email = approvalEmail({
  run: approvalRun(),
  link: LINK,
  approver: 'lead@atelier-lumiere.example',
  expiresAt: EXPIRES_AT,
  // A minute after sending, as a lead would open it.
  now: new Date(NOW.getTime() + 60_000),
  amountMinor: 8100,
  currency: 'EUR',
  tenant: TENANT,
  policy: PARIS,
});
writeFileSync(out, email.html);
console.log(`${email.subject}\n→ ${out}`);
