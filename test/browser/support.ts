// Browser helpers for the console tests: Debian's Chromium driven by playwright-core (never a
// downloaded browser), axe-core injected from node_modules, screenshots kept as test artefacts.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { STEP_NAMES } from '#harness/domain/types.js';
import type { LocalRuntime } from '#local/runtime.js';

/** The system Chromium (.ci/run installs Debian's package); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a closed network: no background traffic, no component updates, no sync. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const ARTIFACTS_DIR = fileURLToPath(new URL('./artifacts/', import.meta.url));
export const DOCS_IMAGES_DIR = fileURLToPath(new URL('../../docs/images/', import.meta.url));

/** Playwright gives each launch a fresh, empty profile directory of its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = `${ARTIFACTS_DIR}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown; failureSummary?: string }> };

/**
 * axe-core's serious and critical violations on the page as it is now. The script is evaluated
 * through the DevTools protocol, so the page's CSP (no scripts) stays in force.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export interface BrowserSuite {
  rt: LocalRuntime;
  browser: Browser;
  /** A fresh context and page for each test (1280 × 1000 unless the suite says otherwise). */
  context: BrowserContext;
  page: Page;
}

/**
 * A file's local runtime and Chromium, started once before its tests and closed after them, and a
 * fresh context and page for each test. Read the fields inside the tests (they are set by the hooks).
 */
export function browserSuite(start: () => Promise<LocalRuntime>, viewport = { width: 1280, height: 1000 }): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.rt, suite.browser] = await Promise.all([start(), launchChromium()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.rt?.close();
  });
  beforeEach(async () => {
    suite.context = await suite.browser.newContext({ viewport });
    suite.page = await suite.context.newPage();
  });
  afterEach(async () => {
    await suite.context?.close();
  });
  return suite;
}

/** Step names a lead would read as code: the compound ones (CheckOrder, RequestApproval, …). */
const COMPOUND_STEPS = STEP_NAMES.filter((s) => /[a-z][A-Z]/.test(s));
/** A one-word step (Gate, Escalate, …) is an English word in a heading, but "from Escalate" is a step name. */
const FROM_STEP = new RegExp(`\\b(from|State\\s+)\\s*(${STEP_NAMES.join('|')})\\b`);

/** Every code word in a text a person reads: step names, snake_case (emails and links aside), gids, hashes (run ids aside). */
export function codeWordsIn(text: string): string[] {
  const plain = text.replace(/\S+@\S+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
  const noRunIds = plain.replace(/\brun-[0-9a-f]+\b/g, ' ');
  return [
    ...COMPOUND_STEPS.filter((s) => new RegExp(`\\b${s}\\b`).test(text)),
    ...(FROM_STEP.exec(text)?.slice(0, 1) ?? []),
    ...(plain.match(/\b[a-z]+_[a-z_]+\b/g) ?? []),
    ...(text.match(/gid:\/\/\S+/g) ?? []),
    ...(noRunIds.match(/\b[0-9a-f]{12,}\b/g) ?? []).filter((h) => /[a-f]/.test(h) && /\d/.test(h)),
  ];
}

/** What an element shows outside every details disclosure (the page itself is left as it was). */
export function textOutsideDetails(page: Page, selector: string): Promise<string> {
  return page.evaluate((root) => {
    const el = document.querySelector(root)!.cloneNode(true) as HTMLElement;
    for (const d of el.querySelectorAll('details')) d.remove();
    document.body.append(el);
    const words = el.innerText;
    el.remove();
    return words;
  }, selector);
}
