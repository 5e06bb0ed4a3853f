// The operator console's forms without a browser: the person's CSRF token read off a console page,
// and a form POSTed to a console route the way its page posts it (urlencoded, same origin, the
// redirect answered but not followed). The local console's person is the local operator, with every
// role. Used by end-to-end tests that drive console actions (decide, settle a review, re-run, hand back).
import { expect } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';

/** The CSRF token the console signs for its person, from the page at `path` (a run's page carries one). */
export async function consoleCsrf(rt: LocalRuntime, path: string): Promise<string> {
  const html = await (await fetch(`${rt.baseUrl}${path}`)).text();
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no console form on ${path}`);
  return match[1]!;
}

/** POSTs a console form with the person's token; answers the redirect's target (every action answers 303 when it did what it says). */
export async function consolePost(rt: LocalRuntime, path: string, fields: Record<string, string>, csrfFrom = path): Promise<string> {
  const csrf = await consoleCsrf(rt, csrfFrom);
  const res = await fetch(`${rt.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: rt.baseUrl },
    body: new URLSearchParams({ ...fields, csrf }).toString(),
    redirect: 'manual',
  });
  const body = res.status === 303 ? '' : await res.text();
  expect(
    res.status,
    `${path}: ${body
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .slice(0, 400)}`,
  ).toBe(303);
  return res.headers.get('location') ?? '';
}
