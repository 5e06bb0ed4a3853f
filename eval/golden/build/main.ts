// `npx tsx eval/golden/build/main.ts`: regenerates eval/golden/fixture.json and
// eval/golden/tickets/*.json from the specs under eval/golden/policy.json (each label the checker's),
// then runs the checker over the result. It fails on every hand-worked expectation the checker
// contradicts. The JSON files are the golden set; this script only wrote them and is not needed by
// the tests or the runner.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkGoldenSet, readGoldenPolicy } from '../../checker/index.js';
import { build } from './dsl.js';
import { SPECS } from './specs/index.js';

const dir = new URL('..', import.meta.url).pathname;

/** JSON with small objects and arrays on one line, so a ticket file reads like a table. */
export function compactJson(value: unknown, indent = ''): string {
  const flat = JSON.stringify(value);
  if (flat === undefined) return 'null';
  if (value === null || typeof value !== 'object' || flat.length + indent.length <= 110) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + compactJson(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${compactJson(v, inner)}`).join(',\n')}\n${indent}}`;
}

const { fixture, tickets, problems } = build(SPECS, readGoldenPolicy(dir));
writeFileSync(join(dir, 'fixture.json'), `${compactJson({ $schema: '../../local/sandbox/store-fixture.schema.json', ...fixture })}\n`);
mkdirSync(join(dir, 'tickets'), { recursive: true });
for (const [category, list] of tickets) {
  if (list.length > 0) writeFileSync(join(dir, 'tickets', `${category}.json`), `${compactJson(list)}\n`);
}
const result = checkGoldenSet(dir);
console.log(JSON.stringify(result.summary, null, 2));
for (const p of [...problems, ...result.problems]) console.log(`PROBLEM ${p}`);
process.exitCode = problems.length + result.problems.length > 0 ? 1 : 0;
