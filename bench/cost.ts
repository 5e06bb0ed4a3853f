// `npm run cost`: what a tenant costs on AWS. Runs the demo tickets (automatic: an $18 mug; approval: a
// $62 blanket) through the local runtime, counts what each asks of AWS (bench/cost/measure.ts), prices
// it with the dated list prices of bench/cost/prices.ts, and prints dollars per 1,000 tickets of each
// kind and the monthly cost of a tenant whatever its volume (its stack read by bench/cost/tenant.ts).
// Counts above the committed ceilings (bench/cost/ceilings.ts) are flagged; test/e2e/cost.test.ts fails on them.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadTenantConfig } from '../infra/lib/tenant-config.js';
import { overCeilings } from './cost/ceilings.js';
import { customMetricsCeiling, fixedMonthlyCost, storageCostPerMonth, ticketCost, totalUsd, type CostLine, type TicketUsage } from './cost/estimate.js';
import { meanUsage, measure, type TicketKind } from './cost/measure.js';
import { PRICES_AS_OF } from './cost/prices.js';
import { tenantResources } from './cost/tenant.js';

const { values } = parseArgs({
  options: {
    automatic: { type: 'string', default: '5' },
    approval: { type: 'string', default: '3' },
    tenant: { type: 'string', default: 'demo' },
    'tickets-per-month': { type: 'string', default: '1000' },
    json: { type: 'boolean', default: false },
  },
});
const REPO_ROOT = resolve(import.meta.dirname, '..');
const KINDS: TicketKind[] = ['automatic', 'approval'];

const usd = (value: number) => (value >= 0.01 || value === 0 ? `$${value.toFixed(2)}` : `$${value.toFixed(4)}`);
const num = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1));
const row = (cells: string[], widths: number[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');

async function main() {
  const automatic = Number(values.automatic);
  const approval = Number(values.approval);
  const ticketsPerMonth = Number(values['tickets-per-month']);
  const config = loadTenantConfig(values.tenant, resolve(REPO_ROOT, 'infra', 'tenants'));
  const resources = tenantResources(config, REPO_ROOT);
  const measured = await measure({ automatic, approval, onProgress: (line) => process.stderr.write(`\r${line.padEnd(70)}`) });
  process.stderr.write('\r'.padEnd(72) + '\r');
  const usage = Object.fromEntries(KINDS.map((kind) => [kind, meanUsage(measured.tickets, kind)])) as Record<TicketKind, TicketUsage>;
  const perThousand = Object.fromEntries(KINDS.map((kind) => [kind, ticketCost(usage[kind])])) as Record<TicketKind, CostLine[]>;
  const fixed = fixedMonthlyCost(resources, { ...measured.sweep, everyMinutes: 5, ticketsPerMonth });

  if (values.json) {
    console.log(JSON.stringify({ pricesAsOf: PRICES_AS_OF, usage, perThousand, fixed, resources, sweep: measured.sweep }, null, 2));
    return;
  }

  console.log(
    `\nrefund-agent cost: ${automatic} automatic and ${approval} approval tickets measured on the local runtime (Node ${measured.node});` +
      `\nAWS list prices of ${PRICES_AS_OF.date}, ${PRICES_AS_OF.region}, no free tier; tenant file ${values.tenant}.json\n`,
  );
  const countRows: Array<[string, (u: TicketUsage) => number]> = [
    ['state transitions', (u) => u.transitions],
    ['Lambda invocations', (u) => u.invocations],
    ['Lambda GB-s measured (offline model, loopback)', (u) => u.gbSeconds],
    ['Lambda GB-s as deployed (assumed latencies)', (u) => u.gbSecondsDeployed],
    ['DynamoDB write units, table', (u) => u.dynamoWriteUnits],
    ['DynamoDB write units, keys-only indexes', (u) => u.dynamoIndexWriteUnits],
    ['  (were the indexes projected ALL)', (u) => u.dynamoIndexWriteUnitsIfAll],
    ['DynamoDB read units', (u) => u.dynamoReadUnits],
    ['SQS requests', (u) => u.sqsRequests],
    ['API Gateway requests', (u) => u.apiRequests],
    ['emails', (u) => u.emails],
    ['log bytes (measured app lines + modelled platform lines)', (u) => u.logBytes],
    ['table bytes kept', (u) => u.storedBytes],
  ];
  const w = [58, 11, 11];
  console.log(row(['per ticket', ...KINDS], w));
  for (const [label, of] of countRows) console.log(row([`  ${label}`, ...KINDS.map((k) => num(of(usage[k])))], w));

  console.log(`\n${row(['per 1,000 tickets', ...KINDS], w)}`);
  for (const [i, line] of perThousand.automatic.entries()) console.log(row([`  ${line.item}`, ...KINDS.map((k) => usd(perThousand[k][i]!.usd))], w));
  console.log(row(['  AWS total', ...KINDS.map((k) => usd(totalUsd(perThousand[k])))], w));
  console.log(row(['  kept a month: DynamoDB storage + PITR', ...KINDS.map((k) => usd(storageCostPerMonth(usage[k].storedBytes).usd))], w));
  console.log(row(['  the model (default models, offline token estimates)', ...KINDS.map((k) => usd((usage[k].modelMicros * 1000) / 1e6))], w));

  console.log(`\nper tenant per month, whatever the volume (the sweep's reads at ${ticketsPerMonth} tickets a month)`);
  for (const line of fixed) console.log(row([`  ${line.item}`, `${num(line.quantity)} ${line.unit}`, usd(line.usd)], [58, 20, 9]));
  console.log(row(['  fixed total', '', usd(totalUsd(fixed))], [58, 20, 9]));
  const ceiling = customMetricsCeiling(resources);
  console.log(row([`  + up to: ${ceiling.item}`, `${ceiling.quantity} ${ceiling.unit}`, usd(ceiling.usd)], [58, 20, 9]));
  console.log(row(['  + with a dashboard (tenant file `dashboard: true`)', '', usd(3)], [58, 20, 9]));

  const over = KINDS.flatMap((kind) => overCeilings(kind, usage[kind]));
  if (over.length > 0) {
    console.log('\nabove the committed ceilings (bench/cost/ceilings.ts):');
    for (const line of over) console.log(`  ${line}`);
    process.exitCode = 1;
  }
  console.log('');
}

main().catch((error: unknown) => {
  console.error(`cost failed: ${(error as Error).stack}`);
  process.exit(1);
});
