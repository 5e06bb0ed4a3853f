import { build } from 'esbuild';
import { esbuildOptionsOf, LAMBDA_BUNDLING } from './infra/lib/bundling.js';
import { FUNCTIONS } from './infra/lib/functions.js';
const fn = process.argv[2] as keyof typeof FUNCTIONS;
const r = await build({ ...esbuildOptionsOf(LAMBDA_BUNDLING, process.cwd()), entryPoints: { index: FUNCTIONS[fn].entry }, outdir: '/tmp/bprof/meta', outExtension: { '.js': '.mjs' }, logLevel: 'silent', metafile: true, write: false });
const out = Object.values(r.metafile.outputs).find((o) => o.entryPoint)!;
const agg = new Map<string, number>();
for (const [path, { bytesInOutput }] of Object.entries(out.inputs)) { const k = path.replace(/node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*/, 'nm:$1').replace(/^(harness|functions|shared|mcp-lambda)\/([^/]+)\/.*/, '$1/$2/'); agg.set(k, (agg.get(k) ?? 0) + bytesInOutput); }
console.log('total', out.bytes);
[...agg].sort((a, b) => b[1] - a[1]).slice(0, 25).forEach(([k, v]) => console.log(String(v).padStart(8), k));
