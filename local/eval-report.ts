// The newest evaluation report on this checkout (eval/out/*.html, written by `npm run eval`), for
// the local console's Pictures page. None there: null.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const EVAL_OUT_DIR = fileURLToPath(new URL('../eval/out/', import.meta.url));

export function latestEvalReport(dir = EVAL_OUT_DIR): () => Promise<{ name: string; html: string } | null> {
  return async () => {
    let names: string[];
    try {
      names = (await readdir(dir)).filter((name) => name.endsWith('.html'));
    } catch {
      return null;
    }
    const dated = await Promise.all(names.map(async (name) => ({ name, at: (await stat(join(dir, name))).mtimeMs })));
    const newest = dated.sort((a, b) => b.at - a.at)[0];
    return newest ? { name: newest.name, html: await readFile(join(dir, newest.name), 'utf8') } : null;
  };
}
