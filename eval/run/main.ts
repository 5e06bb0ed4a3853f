// `npm run eval`: the process entry. The environment is read here and nowhere below (the model
// provider's key and endpoint); everything else is cli.ts.
import '../../local/node-warnings.js';
import { runCli } from './cli.js';

runCli(process.argv.slice(2), {
  stdout: (text) => void process.stdout.write(text),
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
})
  .then(({ exitCode }) => process.exit(exitCode))
  .catch((error: unknown) => {
    console.error(`eval failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  });
