// `npm run cost`: what a tenant costs on AWS. Runs demo tickets of the four paths (automatic: an $18
// mug; approval: a $62 blanket the lead approves; escalation: an address change handed to a person;
// rejection: the blanket, declined) through the local runtime, counts what each function asks of AWS
// (bench/cost/measure.ts), turns the counts into billed durations at assumed latencies and prices
// everything with the dated list prices of bench/cost/prices.ts: dollars per 1,000 tickets of each path
// at the tenant's cold-start share, and the monthly cost of a tenant (its stack read by
// bench/cost/tenant.ts). Counts, never this machine's times: two runs print the same figures.
// Counts above the committed ceilings (bench/cost/ceilings.ts) are flagged; test/e2e/cost.test.ts fails on them.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadTenantConfig } from '../infra/lib/tenant-config.js';
import { ASSUMPTIONS, coldShareAt } from './cost/assumptions.js';
import { overCeilings } from './cost/ceilings.js';
import { customMetricsCeiling, fixedMonthlyCost, storageCostPerMonth, ticketCost, totalUsd, type CostLine, type TicketUsage } from './cost/estimate.js';
import { meanUsage, measure, TICKET_KINDS, type TicketKind } from './cost/measure.js';
import { customMetricLines, seriesRates } from './cost/metrics.js';
import { PRICES_AS_OF } from './cost/prices.js';
import { tenantResources } from './cost/tenant.js';

const { values } = parseArgs({
  options: {
    automatic: { type: 'string', default: '3' },
    approval: { type: 'string', default: '2' },
    escalation: { type: 'string', default: '2' },
    rejection: { type: 'string', default: '2' },
    tenant: { type: 'string', default: 'demo' },
    'tickets-per-month': { type: 'string', default: '1000' },
    /** The share of tickets that find their functions cold; default: from the volume (assumptions.ts coldShareAt). */
    'cold-share': { type: 'string' },
    /** The month's tickets by path, for the monthly figures: automatic,approval,escalation,rejection shares. */
    mix: { type: 'string', default: '0.6,0.2,0.15,0.05' },
    'account-per-tenant': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const REPO_ROOT = resolve(import.meta.dirname, '..');

const usd = (value: number) => (value >= 0.01 || value === 0 ? `$${value.toFixed(2)}` : `$${value.toFixed(4)}`);
const num = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1));
const row = (cells: string[], widths: number[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');

/** The per-ticket counts, one row each. */
const COUNT_ROWS: Array<[string, (u: TicketUsage) => number]> = [
  ['state transitions, the run\u2019s Standard execution', (u) => u.transitions],
  ['Express executions of its steps', (u) => u.expressExecutions],
  ['  their GB-s (64 MB, waiting on the step invocations)', (u) => u.expressGbSeconds],
  ['Lambda invocations, warm', (u) => u.invocations],
  ['  + on a cold ticket: MCP handshakes and pin checks', (u) => u.cold?.invocations ?? 0],
  ['Lambda GB-s, handlers\u2019 own CPU', (u) => u.gbSeconds],
  ['Lambda GB-s as deployed (counted calls × assumed latencies)', (u) => u.gbSecondsDeployed],
  ['  + on a cold ticket: INIT GB-s', (u) => u.cold?.initGbSeconds ?? 0],
  ['  + on a cold ticket: containers started', (u) => u.cold?.coldStarts ?? 0],
  ['  + on a cold ticket: secret parameter reads (GetParameters calls)', (u) => u.cold?.parameterStoreCalls ?? 0],
  ['DynamoDB write units, table', (u) => u.dynamoWriteUnits],
  ['DynamoDB write units, keys-only indexes', (u) => u.dynamoIndexWriteUnits],
  ['  (were the indexes projected ALL)', (u) => u.dynamoIndexWriteUnitsIfAll],
  ['DynamoDB read units', (u) => u.dynamoReadUnits],
  ['SQS requests', (u) => u.sqsRequests],
  ['API Gateway requests', (u) => u.apiRequests],
  ['emails', (u) => u.emails],
  ['log bytes (measured app and EMF lines + modelled AWS lines)', (u) => u.logBytes],
  ['table bytes kept', (u) => u.storedBytes],
];

/** What the sample measured and what it costs, everything the report prints. */
interface Figures {
  sample: Record<TicketKind, number>;
  kinds: TicketKind[];
  ticketsPerMonth: number;
  coldShare: number;
  mix: Record<TicketKind, number>;
  accountPerTenant: boolean;
  resources: ReturnType<typeof tenantResources>;
  measured: Awaited<ReturnType<typeof measure>>;
  usage: Record<TicketKind, TicketUsage>;
  perThousand: Record<TicketKind, CostLine[]>;
  fixed: CostLine[];
  metrics: CostLine[];
  perTicketMonth: number;
}

/** Runs the sample through the local runtime and prices it for the tenant's stack. */
async function estimateFigures(): Promise<Figures> {
  const sample = Object.fromEntries(TICKET_KINDS.map((kind) => [kind, Number(values[kind])])) as Record<TicketKind, number>;
  const kinds = TICKET_KINDS.filter((kind) => sample[kind] > 0);
  const ticketsPerMonth = Number(values['tickets-per-month']);
  const coldShare = values['cold-share'] !== undefined ? Number(values['cold-share']) : coldShareAt(ticketsPerMonth);
  const shares = values.mix.split(',').map(Number);
  const mix = Object.fromEntries(TICKET_KINDS.map((kind, i) => [kind, shares[i] ?? 0])) as Record<TicketKind, number>;
  const accountPerTenant = values['account-per-tenant'];
  const config = loadTenantConfig(values.tenant, resolve(REPO_ROOT, 'infra', 'tenants'));
  const resources = tenantResources(config, REPO_ROOT, { accountPerTenant });
  const measured = await measure({ ...sample, profile: resources.profile, onProgress: (line) => process.stderr.write(`\r${line.padEnd(78)}`) });
  process.stderr.write('\r'.padEnd(80) + '\r');
  const usage = Object.fromEntries(kinds.map((kind) => [kind, meanUsage(measured.tickets, kind)])) as Record<TicketKind, TicketUsage>;
  const pricing = { traceSampleRate: resources.traceSampleRate ?? 1, customerManagedKey: resources.kmsKeys > 0 };
  const perThousand = Object.fromEntries(kinds.map((kind) => [kind, ticketCost(usage[kind], coldShare, pricing)])) as Record<TicketKind, CostLine[]>;
  const rates = seriesRates({
    ticketsPerMonth,
    mix,
    emitted: Object.fromEntries(kinds.map((kind) => [kind, measured.tickets.filter((t) => t.kind === kind).map((t) => t.series)])),
  });
  const fixed = fixedMonthlyCost(resources, { ...measured.sweep, everyMinutes: 5, ticketsPerMonth });
  const metrics = customMetricLines(rates);
  const perTicketMonth = kinds.reduce((sum, kind) => sum + (totalUsd(perThousand[kind]) * ticketsPerMonth * mix[kind]) / 1000, 0);
  return { sample, kinds, ticketsPerMonth, coldShare, mix, accountPerTenant, resources, measured, usage, perThousand, fixed, metrics, perTicketMonth };
}

/** What was counted and under which assumptions. */
function printHeader({ kinds, sample, accountPerTenant, ticketsPerMonth, coldShare }: Figures): void {
  console.log(
    `\nrefund-agent cost: ${kinds.map((kind) => `${sample[kind]} ${kind}`).join(', ')} tickets counted on the local runtime (after one uncounted ticket of each path);` +
      `\ndeployed latencies assumed (bench/cost/assumptions.ts), never this machine's times; AWS list prices of ${PRICES_AS_OF.date}, ${PRICES_AS_OF.region}, no free tier;` +
      `\ntenant file ${values.tenant}.json${accountPerTenant ? ', in an account of its own (dedicatedAccount)' : ''}; ${ticketsPerMonth} tickets a month, ` +
      `${Math.round(coldShare * 100)}% of them cold (${values['cold-share'] !== undefined ? 'given' : `an instance kept warm ${ASSUMPTIONS.warmMinutes} min, tickets at random`})\n`,
  );
}

/** Each path's counts per ticket and its cost per 1,000 tickets. */
function printPerTicket({ kinds, usage, measured, perThousand }: Figures): void {
  const w = [58, ...kinds.map(() => 11)];
  console.log(row(['per ticket', ...kinds], w));
  for (const [label, of] of COUNT_ROWS) console.log(row([`  ${label}`, ...kinds.map((k) => num(of(usage[k])))], w));
  const series = (kind: TicketKind) => new Set(measured.tickets.filter((t) => t.kind === kind).flatMap((t) => t.series)).size;
  console.log(row(['  custom metric series emitted', ...kinds.map((k) => String(series(k)))], w));

  console.log(`\n${row(['per 1,000 tickets', ...kinds], w)}`);
  for (const [i, line] of perThousand[kinds[0]!].entries()) console.log(row([`  ${line.item}`, ...kinds.map((k) => usd(perThousand[k][i]!.usd))], w));
  // To the tenth of a cent: the targets (issue 24) sit on whole cents.
  console.log(row(['  AWS total', ...kinds.map((k) => `$${totalUsd(perThousand[k]).toFixed(3)}`)], w));
  console.log(row(['  kept a month: DynamoDB storage + PITR', ...kinds.map((k) => usd(storageCostPerMonth(usage[k].storedBytes).usd))], w));
  console.log(row(['  the model (default models, offline token estimates)', ...kinds.map((k) => usd((usage[k].modelMicros * 1000) / 1e6))], w));
}

/** The tenant's month: the fixed lines, then the tickets at the mix. */
function printPerMonth({ kinds, mix, ticketsPerMonth, fixed, metrics, perTicketMonth, resources }: Figures): void {
  const v = [58, 22, 9];
  const mixText = kinds.map((kind) => `${Math.round(mix[kind] * 100)}% ${kind}`).join(', ');
  console.log(`\nper tenant per month, whatever the volume (the sweep's reads at ${ticketsPerMonth} tickets a month)`);
  for (const line of fixed) console.log(row([`  ${line.item}`, `${num(line.quantity)} ${line.unit}`, usd(line.usd)], v));
  console.log(row(['  fixed total', '', usd(totalUsd(fixed))], v));
  console.log(`\nwith the tickets: ${ticketsPerMonth} a month (${mixText})`);
  for (const line of metrics) console.log(row([`  ${line.item}`, `${num(line.quantity)} ${line.unit}`, usd(line.usd)], v));
  console.log(row(['  the tickets (per-ticket lines above, at this mix)', `${ticketsPerMonth} tickets`, usd(perTicketMonth)], v));
  console.log(row(['  tenant-month total (AWS)', '', usd(totalUsd(fixed) + totalUsd(metrics) + perTicketMonth)], v));
  const ceiling = customMetricsCeiling(resources);
  console.log(row([`  (at most: ${ceiling.item})`, `${ceiling.quantity} ${ceiling.unit}`, usd(ceiling.usd)], v));
  console.log(row(['  + with a dashboard (tenant file `dashboard: true`)', '', usd(3)], v));
}

/** Counts above the committed ceilings, which fail the run. */
function flagCeilings({ kinds, usage }: Figures): void {
  const over = kinds.flatMap((kind) => overCeilings(kind, usage[kind]));
  if (over.length > 0) {
    console.log('\nabove the committed ceilings (bench/cost/ceilings.ts):');
    for (const line of over) console.log(`  ${line}`);
    process.exitCode = 1;
  }
}

async function main() {
  const figures = await estimateFigures();
  if (values.json) {
    const { coldShare, mix, usage, perThousand, fixed, metrics, resources, measured } = figures;
    const { profile, ...stack } = resources;
    console.log(
      JSON.stringify(
        { pricesAsOf: PRICES_AS_OF, assumptions: ASSUMPTIONS, coldShare, mix, usage, perThousand, fixed, metrics, stack, profile, sweep: measured.sweep },
        null,
        2,
      ),
    );
    return;
  }

  printHeader(figures);
  printPerTicket(figures);
  printPerMonth(figures);
  flagCeilings(figures);
  console.log('');
}

main().catch((error: unknown) => {
  console.error(`cost failed: ${(error as Error).stack}`);
  process.exit(1);
});
