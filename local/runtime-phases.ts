// The phases of a local start, one named function each so the start reads as its order: the
// emulators and sandboxes, the backend (MCP server and core dependencies), the functions, the state
// machine's engine, the HTTP API, the resumed runs and the queue's poller. Each phase registers how to
// close what it started, so a start that fails half-way closes exactly what it opened.
import { createAttachmentReader } from '#shared/helpdesk/index.js';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Clock } from '#harness/ports.js';
import type { WorkflowEngine } from '#functions/shared/stores/ports.js';
import { randomIds } from '#shared/clock.js';
import { createApp } from '#functions/composition/app.js';
import { createSesMailer } from '#functions/shared/aws/ses-mailer.js';
import { createSqsTicketQueue } from '#functions/shared/queue.js';
import { json } from '#functions/shared/http.js';
import { startSandboxHelpdesk, startSandboxStore } from './sandbox/index.js';
import { createLocalWorkflowEngine, listTaskStates, loadDefinition, type LocalWorkflowEngine, type LocalWorkflowEvent } from './stepfunctions/index.js';
import { startLocalDynamo } from './emulators/dynamo.js';
import { startLocalSqs, type LocalSqs } from './emulators/sqs.js';
import { startLocalSes } from './emulators/ses.js';
import { closeServer } from './emulators/listen.js';
import { createHttpApiServer } from './http-api.js';
import { localRoutes } from './routes.js';
import { SANDBOX_PAGE_BASES, sandboxPages } from './sandbox/pages.js';
import { startSqsPoller } from './sqs-poller.js';
import { LOCAL_OPERATOR } from '#functions/console/app/identity.js';
import { latestEvalReport } from './eval-report.js';
import { createBackend } from './backend.js';
import { createPolicy } from '#harness/policy/document.js';
import { AgentModeConfig } from '#functions/shared/domain/shadow.js';
import { createSqsDeadLetterQueue } from '#functions/shared/aws/sqs-dead-letters.js';
import type { HelpdeskConnector } from '#shared/helpdesk/index.js';
import { MAX_RECEIVE_COUNT } from './emulators/sqs.js';
import type { DataDir } from './data-dir.js';
import { resumeOpenRuns, type ResumedRun } from './recovery.js';
import { asFunction } from './invoking-function.js';
import type { LocalRuntimeOptions } from './runtime.js';

/** What every phase of a start shares. */
export interface StartContext {
  opts: LocalRuntimeOptions;
  clock: Clock;
  log: (line: string) => void;
  /** The port at this offset from the HTTP API's (0, a random port, when the HTTP API's is 0). */
  port: (offset: number) => number;
  helpdeskConnector: HelpdeskConnector;
  dataDir: DataDir | null;
  /** Run in reverse by close(), and by a start that fails. */
  closers: Array<() => Promise<void>>;
  /** The HTTP API's address once it listens (the configured port before). */
  publicBaseUrl: () => string;
}

type LocalServices = Awaited<ReturnType<typeof startServices>>;
type Backend = Awaited<ReturnType<typeof createBackend>>;
type App = ReturnType<typeof createApp>;

export const DEFINITION_PATH = fileURLToPath(new URL('../state-machine/refund-run.asl.json', import.meta.url));

/** The emulators (DynamoDB, SQS, SES) and the sandbox store and helpdesk, each on its own port. */
export async function startServices(start: StartContext) {
  const { opts, clock, port, dataDir, closers } = start;
  const dynamo = await startLocalDynamo({ port: port(5), ...(dataDir ? { path: dataDir.dynamo } : {}) });
  closers.push(dynamo.close);
  const sqs = await startLocalSqs({ port: port(6), ...(dataDir ? { dataFile: dataDir.queues } : {}) });
  closers.push(sqs.close);
  const ses = await startLocalSes({ port: port(4), ...(dataDir ? { dataFile: dataDir.mail } : {}) });
  closers.push(ses.close);
  const store = await startSandboxStore({
    fixture: opts.fixture,
    clock,
    accessToken: 'shpat_local_sandbox',
    port: port(1),
    ...(dataDir ? { dataFile: dataDir.store } : {}),
    // Like a store with the app's webhook subscription: refunds made in it come back as refunds/create.
    ...(opts.shopifyWebhookSecret
      ? {
          webhook: { url: () => `${start.publicBaseUrl()}/webhooks/shopify`, secret: opts.shopifyWebhookSecret },
          onWebhookError: (error: unknown) => start.log(`store webhook delivery failed: ${(error as Error).message}`),
        }
      : {}),
  });
  closers.push(store.close);
  const helpdesk = await startSandboxHelpdesk({
    fixture: opts.fixture,
    clock,
    email: 'agent@demo-store.example',
    token: 'local-helpdesk-token',
    port: port(2),
    ...(dataDir ? { dataFile: dataDir.helpdesk } : {}),
  });
  closers.push(helpdesk.close);
  return { dynamo, sqs, ses, store, helpdesk };
}

/** The MCP server in front of the sandboxes and the core dependencies the functions share. */
export async function startBackend(start: StartContext, services: LocalServices, metricLines: string[]): Promise<Backend> {
  const { opts, clock } = start;
  const backend = await createBackend({
    metricSink: (line) => void metricLines.push(line),
    dynamo: services.dynamo,
    modelSettings: opts.modelSettings,
    ...(opts.models ? { models: opts.models } : {}),
    storeUrl: services.store.url,
    storeToken: 'shpat_local_sandbox',
    helpdeskUrl: services.helpdesk.url,
    helpdeskEmail: 'agent@demo-store.example',
    helpdeskToken: 'local-helpdesk-token',
    helpdeskConnector: start.helpdeskConnector,
    mcpPort: start.port(3),
    clock,
    ids: randomIds,
    // The policy counts days in the store's time zone (the fixture's shop, UTC when it names none).
    policy: createPolicy({ timeZone: opts.fixture.shop.timeZone ?? 'UTC', ...opts.policy }),
  });
  start.closers.push(backend.close);
  return backend;
}

/** A workflow port for the functions that forwards to the engine bound after them. */
export function lateBoundWorkflow(): { workflow: WorkflowEngine; bind(engine: LocalWorkflowEngine): void } {
  let engine: LocalWorkflowEngine | null = null;
  return {
    workflow: {
      start: (input) => engine!.start(input),
      sendTaskSuccess: (token, output) => engine!.sendTaskSuccess(token, output),
      sendTaskFailure: (token, error, cause) => engine!.sendTaskFailure(token, error, cause),
      stop: (name, cause) => engine!.stop(name, cause),
    },
    bind: (bound) => void (engine = bound),
  };
}

/** Every function's handler, built as the deployed tenant builds them, on the local services. */
export function buildFunctions(start: StartContext, services: LocalServices, backend: Backend, workflow: WorkflowEngine): App {
  const { opts, dataDir, publicBaseUrl } = start;
  return createApp({
    ...backend.deps,
    tenantName: opts.tenant,
    mailer: createSesMailer({ client: services.ses.client }),
    workflow,
    queue: createSqsTicketQueue({ client: services.sqs.client, queueUrl: services.sqs.queueUrl }),
    webhookSecrets: { ...opts.webhookSecrets, zendesk: opts.zendeskSecret },
    storeWebhookSecret: opts.shopifyWebhookSecret,
    agentMode: AgentModeConfig.parse(opts.mode ?? {}),
    deadLetters: createSqsDeadLetterQueue({ client: services.sqs.client, queueUrl: services.sqs.dlqUrl }),
    maxReceiveCount: MAX_RECEIVE_COUNT,
    tenant: {
      approverEmails: opts.approverEmails,
      senderEmail: 'refund-agent@demo-store.example',
      get publicBaseUrl() {
        return publicBaseUrl();
      },
      approvalTtlHours: backend.deps.policy.document.approvalTtlHours,
      approvalLinkSecret: opts.approvalLinkSecret ?? dataDir?.approvalLinkSecret() ?? randomBytes(32).toString('base64url'),
      // The local console serves the run: approval emails link it. The sandbox has no Shopify admin
      // or helpdesk agent UI: the emails link its own read-only pages of the order and the ticket.
      get consoleBaseUrl() {
        return publicBaseUrl();
      },
      get sandboxPagesBaseUrl() {
        return publicBaseUrl();
      },
      store: {
        name: opts.fixture.shop.name,
        timeZone: opts.fixture.shop.timeZone ?? backend.deps.policy.document.timeZone,
        ...(opts.fixture.shop.locale ? { locale: opts.fixture.shop.locale } : {}),
      },
      ...(opts.returnAddress ? { returnAddress: opts.returnAddress } : {}),
      ...(opts.bankTimes ? { bankTimes: opts.bankTimes } : {}),
    },
    // The console on a laptop: nobody signs in; the one person is the local operator with every role.
    console: {
      identify: () => LOCAL_OPERATOR,
      csrfSecret: randomBytes(32).toString('base64url'),
      environment: 'local',
      evalReport: latestEvalReport(),
      // No Shopify admin, helpdesk agent UI or AWS console here: the links out open the sandbox's own pages.
      localLinks: SANDBOX_PAGE_BASES,
    },
    // The sandbox helpdesk serves the tickets' images as the helpdesk's API does, with the same credentials.
    attachmentReader: createAttachmentReader({
      connector: start.helpdeskConnector,
      baseUrl: services.helpdesk.url,
      email: 'agent@demo-store.example',
      token: 'local-helpdesk-token',
    }),
    log: (msg, data) => start.log(`${msg} ${JSON.stringify(data)}`),
  });
}

/** The state machine CDK deploys, run by the local ASL runner on the functions' step handlers. */
export function startWorkflowEngine(start: StartContext, app: App): LocalWorkflowEngine {
  // Steps in flight are counted so that close() lets them finish before the stores go away.
  const inFlight = new Set<Promise<unknown>>();
  const tracked = Object.fromEntries(
    Object.entries(app.steps).map(([state, handler]) => [
      state,
      (payload: Record<string, unknown>) => {
        const running = asFunction(state, handler as (p: unknown) => Promise<unknown>)(payload);
        inFlight.add(running);
        void running.finally(() => inFlight.delete(running)).catch(() => {});
        return running;
      },
    ]),
  );
  start.closers.push(async () => {
    let timer: NodeJS.Timeout | undefined;
    const giveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)));
    await Promise.race([Promise.allSettled([...inFlight]), giveUp]);
    clearTimeout(timer);
  });
  const engine = createLocalWorkflowEngine({
    definitionPath: DEFINITION_PATH,
    handlers: tracked,
    clock: start.clock,
    timer: start.opts.timer,
    retryIntervalMs: start.opts.retryIntervalMs,
    onEvent: (event: LocalWorkflowEvent) => {
      const line = describeEvent(event);
      if (line) start.log(line);
    },
  });
  start.closers.push(() => engine.close());
  return engine;
}

/** The local API Gateway: the HTTP API's routes to their functions, the captured mail and the sandbox's pages. */
export async function startHttpApi(start: StartContext, services: LocalServices, app: App, engine: LocalWorkflowEngine): Promise<Server> {
  const { store, helpdesk, ses } = services;
  // The HTTP API's routes (functions/composition/routes.ts), each to its function's handler, and the captured mail.
  const routes = localRoutes(
    {
      'webhook-ingest': asFunction('webhook-ingest', app.webhookIngest),
      'store-webhook': asFunction('store-webhook', app.storeWebhook),
      'approval-callback': asFunction('approval-callback', app.approvalCallback),
      'runs-api': asFunction('runs-api', app.runsApi),
      'cancel-run': asFunction('cancel-run', app.cancelRun),
      'dead-letters': asFunction('dead-letters', app.deadLetters),
      'shadow-api': asFunction('shadow-api', app.shadowApi),
      // The operator console (functions/console/app): runs, a run's timeline, queues, pictures, and its actions.
      console: asFunction('console', app.console),
    },
    { mail: async () => json(200, { emails: await ses.emails() }) },
    sandboxPages({ store: store.store, helpdeskUrl: helpdesk.url, executions: (runId) => engine.describe(runId), locale: start.opts.fixture.shop.locale }),
  );
  const server = createHttpApiServer(routes, (error) => start.log(`HTTP API error: ${(error as Error).name}: ${(error as Error).message}`));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(start.opts.port, '127.0.0.1', () => resolve());
  });
  start.closers.push(() => closeServer(server));
  return server;
}

/**
 * On a data directory an earlier start left, starts again the runs that were open, each at the state
 * it was in. Run before the queue is polled: a message of a resumed run then finds its execution running.
 */
export async function resumeRuns(start: StartContext, backend: Backend, engine: LocalWorkflowEngine): Promise<ResumedRun[]> {
  if (!start.dataDir?.existed) return [];
  const definition = loadDefinition({ definitionPath: DEFINITION_PATH });
  const resumed = await resumeOpenRuns({
    runs: backend.stores.runs,
    engine,
    definition: { startAt: definition.StartAt, taskStates: listTaskStates(definition).map((task) => task.stateName) },
  });
  for (const r of resumed) start.log(`${r.runId} resumed at ${r.from} (was ${r.status} in ${r.state} when the last process stopped)`);
  return resumed;
}

/** The tickets queue's event source mapping: the poller hands its batches to the run starter. */
export function wirePoller(start: StartContext, sqs: LocalSqs, app: App): void {
  const poller = startSqsPoller({
    client: sqs.client,
    queueUrl: sqs.queueUrl,
    handler: asFunction('run-starter', app.runStarter),
    onError: (error) => start.log(`queue poll error: ${(error as Error).message}`),
  });
  start.closers.push(() => poller.stop());
}

/** Where each piece listens, as `npm start` prints them. */
export function runtimeUrls(start: StartContext, services: LocalServices, backend: Backend) {
  const base = start.publicBaseUrl();
  return {
    console: `${base}/`,
    webhook: `${base}/webhooks/${start.helpdeskConnector}`,
    webhooks: `${base}/webhooks`,
    storeWebhook: `${base}/webhooks/shopify`,
    runs: `${base}/api/runs`,
    deadLetters: `${base}/api/dead-letters`,
    shadow: `${base}/api/shadow`,
    mail: `${base}/api/mail`,
    storeGraphql: services.store.graphqlUrl,
    helpdeskTickets: `${services.helpdesk.url}/sandbox/tickets`,
    mcp: backend.mcpUrl,
  };
}

/** One progress line per execution start/finish and per state entered, failed, retried or caught. */
function describeEvent(event: LocalWorkflowEvent): string | null {
  switch (event.type) {
    case 'ExecutionStarted':
      return `${event.execution} started`;
    case 'ExecutionFinished':
      return `${event.execution} finished ${event.status}${event.error ? ` (${event.error.Error})` : ''}`;
    case 'StateTransition': {
      const t = event.transition;
      if (t.type === 'exited') return null;
      return `${event.execution} ${t.type} ${t.state}${t.error ? ` (${t.error.Error})` : ''}`;
    }
  }
}
