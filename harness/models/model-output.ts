// What the model gateway keeps of a model's answer: the schema problems of a rejected one (for the
// repair turn and the journal), and the validated one as bounded JSON in the journal row's result,
// which is what the replay provider answers from.
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

/** About 4000 tokens: the step's data of one model call (ticket, triage, order facts) fits; more is cut and flagged. */
export const MAX_MODEL_INPUT_CHARS = 16_000;

/** Phone numbers: international (+ then 8–20 digits, spaces, dots, dashes, brackets) or 3-3-4 (US style); never ISO dates or ids. */
const PHONE = /\+\d[\d ().-]{7,20}\d|\(\d{3}\)[ .-]?\d{3}[ .-]\d{4}\b|\b\d{3}[ .-]\d{3}[ .-]\d{4}\b/g;

/** The model call's input as canonical JSON, contact data (emails, phone numbers) redacted, bounded. */
export function journalInput(input: unknown): { input: string; truncated: boolean } {
  let text: string;
  try {
    text = canonicalJson({ input: input ?? null })
      .replace(EMAIL, '[email]')
      .replace(PHONE, '[phone]');
  } catch {
    return { input: '', truncated: true };
  }
  if (text.length <= MAX_MODEL_INPUT_CHARS) return { input: text, truncated: false };
  return { input: text.slice(0, MAX_MODEL_INPUT_CHARS), truncated: true };
}

/** The input a journal row recorded, or null when it holds none usable (missing, cut, not JSON). */
export function recordedInput(row: { input?: string | undefined; inputTruncated?: boolean | undefined }): { input: Record<string, unknown> } | null {
  if (!row.input || row.inputTruncated) return null;
  try {
    const parsed = JSON.parse(row.input) as { input?: unknown };
    return parsed.input && typeof parsed.input === 'object' ? { input: parsed.input as Record<string, unknown> } : null;
  } catch {
    return null;
  }
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
