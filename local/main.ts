// `npm start`: the whole pipeline on this machine, no AWS account and no API key. Prints the URLs;
// Ctrl-C stops every server cleanly.
import './node-warnings.js';
import { parseLocalConfig } from './config.js';
import { parseModelSettings } from '#harness/models/index.js';
import { modelProviderKind } from '#harness/adapters/models/index.js';
import { demoFixture, loadFixture } from './sandbox/index.js';
import { startLocalRuntime, type LocalRuntime } from './runtime.js';

async function main() {
  const config = parseLocalConfig(process.env);
  const modelSettings = parseModelSettings(process.env);
  // The same choice the functions make (never a model chosen silently when deployed; locally the offline one without a key).
  const provider = modelProviderKind(modelSettings);
  const fixture = config.STORE_FIXTURE ? loadFixture(config.STORE_FIXTURE) : demoFixture();
  const runtime = await startLocalRuntime({
    port: config.PORT,
    modelSettings,
    fixture,
    tenant: config.TENANT,
    helpdesk: config.HELPDESK,
    approverEmails: config.APPROVER_EMAILS,
    zendeskSecret: config.ZENDESK_WEBHOOK_SECRET,
    webhookSecrets: {
      helpscout: config.HELPSCOUT_WEBHOOK_SECRET,
      intercom: config.INTERCOM_WEBHOOK_SECRET,
      gorgias: config.GORGIAS_WEBHOOK_SECRET,
      freshdesk: config.FRESHDESK_WEBHOOK_SECRET,
    },
    shopifyWebhookSecret: config.SHOPIFY_WEBHOOK_SECRET,
    approvalLinkSecret: config.APPROVAL_LINK_SECRET,
    ...(config.DATA_DIR ? { dataDir: config.DATA_DIR } : {}),
    ...(config.AGENT_MODE ? { mode: config.AGENT_MODE } : {}),
    ...(config.POLICY_REMEDIES ? { policy: config.POLICY_REMEDIES } : {}),
    ...(config.RETURN_ADDRESS ? { returnAddress: config.RETURN_ADDRESS } : {}),
    ...(config.BANK_TIMES ? { bankTimes: config.BANK_TIMES } : {}),
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
  console.log(banner(runtime, config, provider));
  stopOnSignals(runtime);
}

/** What `npm start` prints once everything is up: where each piece listens and where the data is kept. */
function banner(runtime: LocalRuntime, config: ReturnType<typeof parseLocalConfig>, provider: ReturnType<typeof modelProviderKind>): string {
  const u = runtime.urls;
  const kept = runtime.dataDir
    ? `${runtime.dataDir}${runtime.resumed.length > 0 ? ` (resumed ${runtime.resumed.map((r) => `${r.runId} at ${r.from}`).join(', ')})` : ''}`
    : 'none: in memory, gone at Ctrl-C';
  return `
refund-agent local runtime is up (tenant "${config.TENANT}" on ${config.HELPDESK}, store: ${config.STORE_FIXTURE ?? 'demo fixture'}, model: ${provider}, mode: ${config.AGENT_MODE?.default ?? 'auto'})
  console          ${u.console}
  webhook          POST ${u.webhook}   (also /webhooks/{zendesk,helpscout,intercom,gorgias,freshdesk})
  store webhook    POST ${u.storeWebhook}   (Shopify disputes/create, refunds/create)
  cancel a run     POST ${u.runs}/{runId}/cancel
  dead letters     ${u.deadLetters}
  shadow mode      ${u.shadow}   (POST ${u.shadow}/{classKey}/promote)
  runs API         ${u.runs}
  approval mail    ${u.mail}
  sandbox store    ${u.storeGraphql}   (Shopify Admin GraphQL, token shpat_local_sandbox)
  sandbox helpdesk ${u.helpdeskTickets}
  MCP server       ${u.mcp}
  data dir         ${kept}

Try:  npm run ticket -- events/zendesk-ticket-created-mug-cracked.json
Stop: Ctrl-C
`;
}

/** Ctrl-C (or a TERM) closes every server once, then exits. */
function stopOnSignals(runtime: LocalRuntime): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await runtime.close();
    console.log('stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${(error as Error).message}`);
  process.exit(1);
});
