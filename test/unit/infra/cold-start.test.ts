// What a cold start loads: the SES and Step Functions SDK modules are imported on first use (by the
// one function that sends mail and the four that drive executions), not by every bundle at init, and
// the adapters still work when they are. Import times per bundle: `npm run bench:bundles`.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { SFNClient, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { createSesMailer } from '#functions/shared/aws/ses-mailer.js';
import { createSfnWorkflowEngine } from '#functions/shared/aws/sfn-workflow.js';
import { esbuildOptionsOf, LAMBDA_BUNDLING } from '../../../infra/lib/bundling.js';
import { FUNCTIONS } from '../../../infra/lib/functions.js';
import { REPO_ROOT } from './synth.js';

/** SDK modules a bundle may load only when it first uses them. */
const FIRST_USE = ['@aws-sdk/client-sesv2', '@aws-sdk/client-sfn'];

describe('cold start', () => {
  it("leaves the SES and Step Functions SDK modules out of a bundle's static imports (loaded on first use)", async () => {
    const result = await build({
      ...esbuildOptionsOf(LAMBDA_BUNDLING, REPO_ROOT),
      entryPoints: [FUNCTIONS.refund.entry],
      outfile: 'refund.mjs',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external && i.path.startsWith('@aws-sdk/')));
    const staticSdk = new Set(imports.filter((i) => i.kind === 'import-statement').map((i) => i.path));
    const dynamicSdk = new Set(imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path));

    for (const module of FIRST_USE) {
      expect(staticSdk.has(module), module).toBe(false);
      expect(dynamicSdk.has(module), module).toBe(true);
    }
  }, 60_000);

  it('sends mail through the configuration set, with the SES module loaded on the first email', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const mailer = createSesMailer({ client: new SESv2Client({ region: 'us-east-1' }), configurationSet: 'tenant-set' });

    await mailer.send({ from: 'refunds@acme.test', to: ['lead@acme.test'], subject: 'Approve', text: 't', html: '<p>t</p>' });

    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input).toMatchObject({ FromEmailAddress: 'refunds@acme.test', ConfigurationSetName: 'tenant-set' });
    ses.restore();
  });

  it('starts and stops executions with the Step Functions module loaded on the first call', async () => {
    const sfn = mockClient(SFNClient);
    sfn
      .on(StartExecutionCommand)
      .rejectsOnce(Object.assign(new Error('exists'), { name: 'ExecutionAlreadyExists' }))
      .resolves({});
    sfn.on(StopExecutionCommand).resolves({});
    const engine = createSfnWorkflowEngine({
      client: new SFNClient({ region: 'us-east-1' }),
      stateMachineArn: 'arn:aws:states:us-east-1:111122223333:stateMachine:runs',
    });

    expect(await engine.start({ name: 'run-1', input: { runId: 'run-1' } })).toEqual({ started: false });
    expect(await engine.start({ name: 'run-2', input: { runId: 'run-2' } })).toEqual({ started: true });
    expect(await engine.stop('run-2', 'cancelled')).toEqual({ stopped: true });
    expect(sfn.commandCalls(StopExecutionCommand)[0]!.args[0].input.executionArn).toBe('arn:aws:states:us-east-1:111122223333:execution:runs:run-2');
    sfn.restore();
  });
});
