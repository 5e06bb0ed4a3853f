// The whole pipeline on one machine: emulators (DynamoDB, SQS, SES), the sandbox store and
// helpdesk, the MCP server, the harness with the offline model, the same state-machine file that
// CDK deploys (run by the local ASL runner), and a local API Gateway in front of the handlers.
// With a data directory every service keeps its state on disk, and a start on a directory an earlier
// start left resumes the runs that were open (local/recovery.ts).
// Called by local/main.ts (`npm start`) and by the end-to-end tests.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import type { Clock } from '#harness/ports.js';
import type { WorkflowEngine } from '#functions/shared/stores/ports.js';
import { randomIds, systemClock } from '#shared/clock.js';
import { createApp } from '#functions/app.js';
import { createSesMailer } from '#functions/shared/aws/ses-mailer.js';
import { createSqsTicketQueue } from '#functions/shared/queue.js';
import { json } from '#functions/shared/http.js';
import { startSandboxHelpdesk, startSandboxStore, type SandboxFixture } from './sandbox/index.js';
import {
  createLocalWorkflowEngine,
  listTaskStates,
  loadDefinition,
  type LocalWorkflowEngine,
  type LocalWorkflowEvent,
  type Timer,
} from './stepfunctions/index.js';
import { startLocalDynamo } from './emulators/dynamo.js';
import { startLocalSqs } from './emulators/sqs.js';
import { startLocalSes } from './emulators/ses.js';
import { closeServer, portOf } from './emulators/listen.js';
import { createGatewayServer } from './gateway.js';
import { localRoutes } from './routes.js';
import { SANDBOX_PAGE_BASES, sandboxPages } from './sandbox/pages.js';
import { startSqsPoller } from './sqs-poller.js';
import { LOCAL_OPERATOR } from '#functions/console/identity.js';
import { latestEvalReport } from './eval-report.js';
import { createBackend } from './backend.js';
import { createPolicy, type PolicyDocument } from '#harness/policy/document.js';
import type { ModelSettings } from '#harness/models/settings.js';
import type { ModelSetup } from '#harness/adapters/models/index.js';
import type { z } from 'zod';
import { AgentModeConfig } from '#functions/shared/domain/shadow.js';
import { createSqsDeadLetterQueue } from '#functions/shared/dead-letters.js';
import type { WebhookSecrets } from '#functions/webhook-ingest/helpdesks.js';
import type { HelpdeskConnector } from '#shared/helpdesk/index.js';
import { MAX_RECEIVE_COUNT } from './emulators/sqs.js';
import { openDataDir } from './data-dir.js';
import { resumeOpenRuns, type ResumedRun } from './recovery.js';
import { asFunction } from './invoking-function.js';

export const DEFINITION_PATH = fileURLToPath(new URL('../state-machine/refund-run.asl.json', import.meta.url));

export interface LocalRuntimeOptions {
  /** Gateway port; other services take the next six ports, or random ports when this is 0. */
  port: number;
  /** Which model provider answers (docs/models.md); absent: the offline model. */
  modelSettings?: ModelSettings;
  /** A provider and models built by the caller (the eval's recorded answers); given, modelSettings choose nothing. */
  models?: ModelSetup;
  fixture: SandboxFixture;
  tenant: string;
  /**
   * The tenant's helpdesk (HELPDESK_KIND of a deployed tenant): whose API the run starter asks for
   * requesters and the MCP server writes notes to. The sandbox helpdesk speaks both. Default zendesk.
   */
  helpdesk?: HelpdeskConnector;
  approverEmails: string[];
  zendeskSecret: string;
  /** The other helpdesks' webhook secrets; a helpdesk left out has no webhook route (404). */
  webhookSecrets?: Omit<WebhookSecrets, 'zendesk'>;
  /** Signs the sandbox store's webhooks (POST /webhooks/shopify); absent, the route answers 404. */
  shopifyWebhookSecret?: string;
  /** Signs the per-approver approval links; absent: kept in the data directory, or random per start without one. */
  approvalLinkSecret?: string;
  /**
   * Keeps DynamoDB, the queues, the captured mail, the sandbox store and the helpdesk on disk here
   * (DATA_DIR). On a directory an earlier start left, the saved state is loaded (the fixture seeds
   * nothing) and the runs that were open are resumed. Absent: everything in memory.
   */
  dataDir?: string;
  /**
   * The tenant's modes per ticket class (the tenant file's `mode`, AGENT_MODE): shadow, assist or
   * auto, with the promotion thresholds. Absent: auto for every class.
   */
  mode?: z.input<typeof AgentModeConfig>;
  /**
   * The tenant file's `policy` numbers and switches over the defaults (store credit, cancelling
   * unshipped orders, a restock location). The time zone defaults to the fixture shop's.
   */
  policy?: Partial<PolicyDocument>;
  clock?: Clock;
  /** Fires waitForTaskToken timeouts; tests inject one they control. */
  timer?: Timer;
  /** Replaces Retry waits (tests pass 0). */
  retryIntervalMs?: number;
  log?: (line: string) => void;
}

export async function startLocalRuntime(opts: LocalRuntimeOptions) {
  const clock = opts.clock ?? systemClock;
  const log = opts.log ?? (() => {});
  const port = (offset: number) => (opts.port === 0 ? 0 : opts.port + offset);
  const helpdeskConnector = opts.helpdesk ?? 'zendesk';
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
  };

  const dataDir = opts.dataDir ? openDataDir(opts.dataDir) : null;

  try {
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
            webhook: { url: () => `${publicBaseUrl()}/webhooks/shopify`, secret: opts.shopifyWebhookSecret },
            onWebhookError: (error: unknown) => log(`store webhook delivery failed: ${(error as Error).message}`),
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

    // Metric lines (EMF from the one emitter, as Lambda writes them) are kept for the console and tests, not printed.
    const metricLines: string[] = [];
    const backend = await createBackend({
      metricSink: (line) => void metricLines.push(line),
      dynamo,
      modelSettings: opts.modelSettings,
      ...(opts.models ? { models: opts.models } : {}),
      storeUrl: store.url,
      storeToken: 'shpat_local_sandbox',
      helpdeskUrl: helpdesk.url,
      helpdeskEmail: 'agent@demo-store.example',
      helpdeskToken: 'local-helpdesk-token',
      helpdeskConnector,
      mcpPort: port(3),
      clock,
      ids: randomIds,
      // The policy counts days in the store's time zone (the fixture's shop, UTC when it names none).
      policy: createPolicy({ timeZone: opts.fixture.shop.timeZone ?? 'UTC', ...opts.policy }),
    });
    closers.push(backend.close);

    // The engine needs the step handlers and the handlers need the engine: bind late.
    let engine: LocalWorkflowEngine | null = null;
    const workflow: WorkflowEngine = {
      start: (input) => engine!.start(input),
      sendTaskSuccess: (token, output) => engine!.sendTaskSuccess(token, output),
      sendTaskFailure: (token, error, cause) => engine!.sendTaskFailure(token, error, cause),
      stop: (name, cause) => engine!.stop(name, cause),
    };
    const gatewayServer: { server: Server | null } = { server: null };
    const publicBaseUrl = () => `http://127.0.0.1:${gatewayServer.server ? portOf(gatewayServer.server) : opts.port}`;

    const app = createApp({
      ...backend.deps,
      tenantName: opts.tenant,
      mailer: createSesMailer({ client: ses.client }),
      workflow,
      queue: createSqsTicketQueue({ client: sqs.client, queueUrl: sqs.queueUrl }),
      webhookSecrets: { ...opts.webhookSecrets, zendesk: opts.zendeskSecret },
      storeWebhookSecret: opts.shopifyWebhookSecret,
      agentMode: AgentModeConfig.parse(opts.mode ?? {}),
      deadLetters: createSqsDeadLetterQueue({ client: sqs.client, queueUrl: sqs.dlqUrl }),
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
        // or helpdesk agent UI, so they carry no such links here.
        get consoleBaseUrl() {
          return publicBaseUrl();
        },
        store: {
          name: opts.fixture.shop.name,
          timeZone: opts.fixture.shop.timeZone ?? backend.deps.policy.document.timeZone,
          ...(opts.fixture.shop.locale ? { locale: opts.fixture.shop.locale } : {}),
        },
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
      log: (msg, data) => log(`${msg} ${JSON.stringify(data)}`),
    });

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
    closers.push(async () => {
      let timer: NodeJS.Timeout | undefined;
      const giveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)));
      await Promise.race([Promise.allSettled([...inFlight]), giveUp]);
      clearTimeout(timer);
    });
    engine = createLocalWorkflowEngine({
      definitionPath: DEFINITION_PATH,
      handlers: tracked,
      clock,
      timer: opts.timer,
      retryIntervalMs: opts.retryIntervalMs,
      onEvent: (event: LocalWorkflowEvent) => {
        const line = describeEvent(event);
        if (line) log(line);
      },
    });
    closers.push(() => engine!.close());

    const urls = () => {
      const base = publicBaseUrl();
      return {
        console: `${base}/`,
        webhook: `${base}/webhooks/${helpdeskConnector}`,
        webhooks: `${base}/webhooks`,
        storeWebhook: `${base}/webhooks/shopify`,
        runs: `${base}/api/runs`,
        deadLetters: `${base}/api/dead-letters`,
        shadow: `${base}/api/shadow`,
        mail: `${base}/api/mail`,
        storeGraphql: store.graphqlUrl,
        helpdeskTickets: `${helpdesk.url}/sandbox/tickets`,
        mcp: backend.mcpUrl,
      };
    };
    // The HTTP API's routes (functions/routes.ts), each to its function's handler, and the captured mail.
    const routes = localRoutes(
      {
        'webhook-ingest': asFunction('webhook-ingest', app.webhookIngest),
        'store-webhook': asFunction('store-webhook', app.storeWebhook),
        'approval-callback': asFunction('approval-callback', app.approvalCallback),
        'runs-api': asFunction('runs-api', app.runsApi),
        'cancel-run': asFunction('cancel-run', app.cancelRun),
        'dead-letters': asFunction('dead-letters', app.deadLetters),
        'shadow-api': asFunction('shadow-api', app.shadowApi),
        // The operator console (functions/console): runs, a run's timeline, queues, pictures, and its actions.
        console: asFunction('console', app.console),
      },
      { mail: async () => json(200, { emails: await ses.emails() }) },
      sandboxPages({ store: store.store, helpdeskUrl: helpdesk.url, executions: (runId) => engine?.describe(runId), locale: opts.fixture.shop.locale }),
    );
    const server = createGatewayServer(routes, (error) => log(`gateway error: ${(error as Error).name}: ${(error as Error).message}`));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, '127.0.0.1', () => resolve());
    });
    gatewayServer.server = server;
    closers.push(() => closeServer(server));

    // Before the queue is polled: a message of a resumed run then finds its execution running.
    let resumed: ResumedRun[] = [];
    if (dataDir?.existed) {
      const definition = loadDefinition({ definitionPath: DEFINITION_PATH });
      resumed = await resumeOpenRuns({
        runs: backend.stores.runs,
        engine,
        definition: { startAt: definition.StartAt, taskStates: listTaskStates(definition).map((task) => task.stateName) },
      });
      for (const r of resumed) log(`${r.runId} resumed at ${r.from} (was ${r.status} in ${r.state} when the last process stopped)`);
    }

    const poller = startSqsPoller({
      client: sqs.client,
      queueUrl: sqs.queueUrl,
      handler: asFunction('run-starter', app.runStarter),
      onError: (error) => log(`queue poll error: ${(error as Error).message}`),
    });
    closers.push(() => poller.stop());

    return {
      urls: urls(),
      helpdeskConnector,
      baseUrl: publicBaseUrl(),
      engine,
      store,
      helpdesk,
      ses,
      dynamo,
      sqs,
      stores: backend.stores,
      /** The data directory in use (DATA_DIR), or null when everything is in memory. */
      dataDir: dataDir?.root ?? null,
      /** The runs an earlier start left open and this one resumed, with the state each resumed at. */
      resumed,
      /** The product metrics emitted so far, parsed (name → values), e.g. for tests. */
      metrics: () => metricValues(metricLines),
      /** The EMF lines emitted so far, as Lambda prints them (`npm run cost` counts their series and bytes). */
      metricLines: (): readonly string[] => [...metricLines],
      /** One sweep of the stalled-runs use case (on a schedule in AWS; on demand locally). */
      sweepStalledRuns: asFunction('stalled-runs', app.sweepStalledRuns),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
export type LocalRuntime = Awaited<ReturnType<typeof startLocalRuntime>>;

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

/** Reads EMF lines back into name → values, in order. */
function metricValues(lines: string[]): Record<string, number[]> {
  const values: Record<string, number[]> = {};
  for (const line of lines) {
    const parsed = JSON.parse(line) as { _aws: { CloudWatchMetrics: Array<{ Metrics: Array<{ Name: string }> }> } } & Record<string, unknown>;
    for (const { Name } of parsed._aws.CloudWatchMetrics[0]?.Metrics ?? []) (values[Name] ??= []).push(Number(parsed[Name]));
  }
  return values;
}
