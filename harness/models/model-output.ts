// What the model gateway keeps of a model's answer: the schema problems of a rejected one (for the
// repair turn and the journal), and the validated one as bounded JSON in the journal row's result,
// which is what the replay provider answers from. Used by gateway.ts and replay/provider.ts.
import type { ZodError } from 'zod';
import { canonicalJson } from '../hash.js';

/** About 1000 tokens: a triage, a proposal or a reply draft fits; more is cut and flagged. */
export const MAX_MODEL_RESULT_CHARS = 4000;

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

/** "path: message" per issue, at most eight, for the repair turn and the journal detail. */
export function schemaProblems(error: ZodError): string[] {
  return error.issues.slice(0, 8).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

/** The validated output as canonical JSON, emails redacted, bounded; `truncated` when cut. */
export function journalResult(output: unknown): { result: string; truncated: boolean } {
  let text: string;
  try {
    text = canonicalJson(output ?? null).replace(EMAIL, '[email]');
  } catch {
    return { result: '', truncated: true };
  }
  if (text.length <= MAX_MODEL_RESULT_CHARS) return { result: text, truncated: false };
  return { result: text.slice(0, MAX_MODEL_RESULT_CHARS), truncated: true };
}

/** The output a journal row recorded, or null when it holds none usable (missing, cut, not JSON). */
export function recordedOutput(row: { result?: string | undefined; truncated?: boolean | undefined }): { output: unknown } | null {
  if (!row.result || row.truncated) return null;
  try {
    return { output: JSON.parse(row.result) as unknown };
  } catch {
    return null;
  }
}
