// Step Functions (the run starter, approvals, cancel, the sweep, the console) and SES (request-approval):
// their SDK modules are loaded and their clients built on first use, so no cold start imports them.
import type { WorkflowEngine } from '#functions/shared/stores/ports.js';
import type { Mailer } from '../../shared/step/deps.js';
import { required } from '../lambda-config.js';
import { part } from '../lambda-app.js';
import { createSesMailer } from '../../shared/aws/ses-mailer.js';
import { createSfnWorkflowEngine } from '../../shared/aws/sfn-workflow.js';

const lazyAsync = <T>(make: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () =>
    (value ??= make().catch((error: unknown) => {
      value = undefined;
      throw error;
    }));
};

export const workflowOf = part(({ config }): WorkflowEngine => {
  const sfn = lazyAsync(async () =>
    createSfnWorkflowEngine({ client: new (await import('@aws-sdk/client-sfn')).SFNClient({}), stateMachineArn: required(config, 'STATE_MACHINE_ARN') }),
  );
  return {
    start: async (input) => (await sfn()).start(input),
    sendTaskSuccess: async (token, output) => (await sfn()).sendTaskSuccess(token, output),
    sendTaskFailure: async (token, error, cause) => (await sfn()).sendTaskFailure(token, error, cause),
    stop: async (name, cause) => (await sfn()).stop(name, cause),
  };
});

export const mailerOf = part(({ config }): Mailer => {
  const mailer = lazyAsync(async () =>
    createSesMailer({ client: new (await import('@aws-sdk/client-sesv2')).SESv2Client({}), configurationSet: config.SES_CONFIGURATION_SET }),
  );
  return { send: async (message) => (await mailer()).send(message) };
});
