// The whole pipeline on one machine: emulators (DynamoDB, SQS, SES), the sandbox store and
// helpdesk, the MCP server, the harness with the offline model, the same state-machine file that
// CDK deploys (run by the local ASL runner), and a local API Gateway in front of the handlers.
// With a data directory every service keeps its state on disk, and a start on a directory an earlier
// start left resumes the runs that were open (local/recovery.ts).
import type { Server } from 'node:http';
import type { Clock } from '#harness/ports.js';
import { systemClock } from '#shared/clock.js';
import type { SandboxFixture } from './sandbox/index.js';
import type { Timer } from './stepfunctions/index.js';
import { portOf } from './emulators/listen.js';
import type { PolicyDocument } from '#harness/policy/document.js';
import type { ModelSettings } from '#harness/models/settings.js';
import type { ModelSetup } from '#harness/adapters/models/index.js';
import type { z } from 'zod';
import { AgentModeConfig } from '#functions/shared/domain/shadow.js';
import type { WebhookSecrets } from '#functions/intake/webhook-ingest/helpdesks.js';
import type { HelpdeskConnector } from '#shared/helpdesk/index.js';
import { openDataDir } from './data-dir.js';
import { asFunction } from './invoking-function.js';
import {
  buildFunctions,
  lateBoundWorkflow,
  resumeRuns,
  runtimeUrls,
  startBackend,
  startHttpApi,
  startServices,
  startWorkflowEngine,
  wirePoller,
  type StartContext,
} from './runtime-phases.js';

export { DEFINITION_PATH } from './runtime-phases.js';

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
  /** Where customers send a return the store made no label for (RETURN_ADDRESS); absent: the reply asks the team to add the instructions. */
  returnAddress?: string;
  /** How long banks take to show a refund, in the tenant's words (BANK_TIMES); absent: the default wording. */
  bankTimes?: string;
  clock?: Clock;
  /** Fires waitForTaskToken timeouts; tests inject one they control. */
  timer?: Timer;
  /** Replaces Retry waits (tests pass 0). */
  retryIntervalMs?: number;
  log?: (line: string) => void;
}

export async function startLocalRuntime(opts: LocalRuntimeOptions) {
  const httpApi: { server: Server | null } = { server: null };
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
  };
  const start: StartContext = {
    opts,
    clock: opts.clock ?? systemClock,
    log: opts.log ?? (() => {}),
    port: (offset) => (opts.port === 0 ? 0 : opts.port + offset),
    helpdeskConnector: opts.helpdesk ?? 'zendesk',
    dataDir: opts.dataDir ? openDataDir(opts.dataDir) : null,
    closers,
    publicBaseUrl: () => `http://127.0.0.1:${httpApi.server ? portOf(httpApi.server) : opts.port}`,
  };

  try {
    const services = await startServices(start);
    // Metric lines (EMF from the one emitter, as Lambda writes them) are kept for the console and tests, not printed.
    const metricLines: string[] = [];
    const backend = await startBackend(start, services, metricLines);
    // The engine needs the step handlers and the handlers need the engine: bind late.
    const late = lateBoundWorkflow();
    const app = buildFunctions(start, services, backend, late.workflow);
    const engine = startWorkflowEngine(start, app);
    late.bind(engine);
    httpApi.server = await startHttpApi(start, services, app, engine);
    const resumed = await resumeRuns(start, backend, engine);
    wirePoller(start, services.sqs, app);

    return {
      urls: runtimeUrls(start, services, backend),
      helpdeskConnector: start.helpdeskConnector,
      baseUrl: start.publicBaseUrl(),
      engine,
      store: services.store,
      helpdesk: services.helpdesk,
      ses: services.ses,
      dynamo: services.dynamo,
      sqs: services.sqs,
      stores: backend.stores,
      /** The data directory in use (DATA_DIR), or null when everything is in memory. */
      dataDir: start.dataDir?.root ?? null,
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

/** Reads EMF lines back into name → values, in order. */
function metricValues(lines: string[]): Record<string, number[]> {
  const values: Record<string, number[]> = {};
  for (const line of lines) {
    const parsed = JSON.parse(line) as { _aws: { CloudWatchMetrics: Array<{ Metrics: Array<{ Name: string }> }> } } & Record<string, unknown>;
    for (const { Name } of parsed._aws.CloudWatchMetrics[0]?.Metrics ?? []) (values[Name] ??= []).push(Number(parsed[Name]));
  }
  return values;
}
