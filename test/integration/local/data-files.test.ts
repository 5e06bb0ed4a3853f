// The local services' state on disk (DATA_DIR), one service at a time over real HTTP: the sandbox
// store keeps its refunds and idempotency keys, the helpdesk its tickets and notes, the queues the
// messages nobody deleted, the SES capture its mail; and the store's refundCreate can be made to
// hang after it made the refund (the crash drill's fault).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { demoFixture, startSandboxHelpdesk, startSandboxStore } from '#local/sandbox/index.js';
import { startLocalSqs } from '#local/emulators/sqs.js';
import { startLocalSes } from '#local/emulators/ses.js';
import { clock, HELPDESK_EMAIL, HELPDESK_TOKEN, STORE_TOKEN, storeGraphql } from '../../support/sandboxes.js';

const dirs: string[] = [];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const file = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'refund-agent-files-'));
  dirs.push(dir);
  return join(dir, name);
};
async function started<T extends { close(): Promise<void> }>(service: Promise<T>): Promise<T> {
  const s = await service;
  closers.push(() => s.close());
  return s;
}

const REFUND = `mutation R($input: RefundInput!, $key: String!) {
  refundCreate(input: $input) @idempotent(key: $key) { refund { id } userErrors { message } }
}`;
const MUG = {
  orderId: 'gid://shopify/Order/1001',
  refundLineItems: [{ lineItemId: 'gid://shopify/LineItem/11001', quantity: 1 }],
  transactions: [
    { orderId: 'gid://shopify/Order/1001', parentId: 'gid://shopify/OrderTransaction/10011', gateway: 'shopify_payments', kind: 'REFUND', amount: '18.00' },
  ],
};
const startStore = (dataFile: string) => started(startSandboxStore({ fixture: demoFixture(), clock, accessToken: STORE_TOKEN, dataFile }));
const refundsOf1001 = async (store: Awaited<ReturnType<typeof startStore>>) =>
  ((await storeGraphql(store, '{ order(id: "gid://shopify/Order/1001") { refunds { id } } }')).body.data as { order: { refunds: { id: string }[] } }).order
    .refunds;

describe('the sandbox store with a data file', () => {
  it('keeps refunds and idempotency keys across a restart: the same key answers the same refund', async () => {
    const dataFile = file('store.json');
    const first = await startStore(dataFile);
    const made = await storeGraphql(first, REFUND, { input: MUG, key: 'refund-agent:run-1' });
    const refundId = (made.body.data as { refundCreate: { refund: { id: string } } }).refundCreate.refund.id;
    await first.close();
    closers.pop();

    const second = await startStore(dataFile);
    const again = await storeGraphql(second, REFUND, { input: MUG, key: 'refund-agent:run-1' });

    expect((again.body.data as { refundCreate: { refund: { id: string } } }).refundCreate.refund.id).toBe(refundId);
    expect(await refundsOf1001(second)).toEqual([{ id: refundId }]);
    expect(second.store.createdRefunds.map((r) => r.id)).toEqual([refundId]);
  });

  it('hangs refundCreate after making the refund when told so, and lets other operations through', async () => {
    const store = await startStore(file('store.json'));
    store.faults.hangNext(1, { operation: 'refundCreate', afterCommit: true });

    const order = await storeGraphql(store, '{ order(id: "gid://shopify/Order/1001") { name } }');
    const hung = await fetch(store.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': STORE_TOKEN },
      body: JSON.stringify({ query: REFUND, variables: { input: MUG, key: 'refund-agent:run-2' } }),
      signal: AbortSignal.timeout(500),
    }).then(
      () => 'answered',
      (error: Error) => error.name,
    );

    expect(order.body.data).toEqual({ order: { name: '#1001' } });
    expect(hung).toBe('TimeoutError');
    expect(await refundsOf1001(store)).toHaveLength(1);
  });
});

describe('the sandbox helpdesk with a data file', () => {
  it('keeps tickets and notes across a restart', async () => {
    const dataFile = file('helpdesk.json');
    const start = () => started(startSandboxHelpdesk({ fixture: demoFixture(), clock, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN, dataFile }));
    const first = await start();
    await fetch(`${first.url}/sandbox/tickets`, { method: 'POST', body: JSON.stringify({ id: '6001', requesterId: '9001', subject: 'Lamp flickers' }) });
    const auth = `Basic ${Buffer.from(`${HELPDESK_EMAIL}/token:${HELPDESK_TOKEN}`).toString('base64')}`;
    const put = await fetch(`${first.url}/api/v2/tickets/6001.json`, {
      method: 'PUT',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ticket: { comment: { body: 'Draft reply', public: false } } }),
    });
    expect(put.status).toBe(200);
    const notes = first.notes('6001');
    await first.close();
    closers.pop();

    const second = await start();

    expect(second.notes('6001')).toEqual(notes);
    expect(notes.map((n) => n.body)).toEqual(['Draft reply']);
  });
});

describe('the local queues with a data file', () => {
  it('sends again at the next start the messages nobody deleted, in order, and not the deleted ones', async () => {
    const dataFile = file('queues.json');
    const first = await started(startLocalSqs({ dataFile }));
    for (const body of ['one', 'two', 'three']) {
      await first.client.send(new SendMessageCommand({ QueueUrl: first.queueUrl, MessageBody: body, MessageGroupId: 'g', MessageDeduplicationId: body }));
    }
    const received = await first.client.send(new ReceiveMessageCommand({ QueueUrl: first.queueUrl, MaxNumberOfMessages: 1 }));
    expect(received.Messages?.[0]?.Body).toBe('one');
    await first.client.send(new DeleteMessageCommand({ QueueUrl: first.queueUrl, ReceiptHandle: received.Messages![0]!.ReceiptHandle! }));
    await first.close();
    closers.pop();

    const second = await started(startLocalSqs({ dataFile }));
    const again = await second.client.send(new ReceiveMessageCommand({ QueueUrl: second.queueUrl, MaxNumberOfMessages: 10 }));

    expect(second.restored).toBe(2);
    expect(again.Messages?.map((m) => m.Body)).toEqual(['two', 'three']);
  });
});

describe('the SES capture with a data file', () => {
  it('shows the mail of earlier starts after a restart', async () => {
    const dataFile = file('mail.json');
    const first = await started(startLocalSes({ dataFile }));
    await first.client.send(
      new SendEmailCommand({
        FromEmailAddress: 'refunds@example.com',
        Destination: { ToAddresses: ['lead@example.com'] },
        Content: { Simple: { Subject: { Data: 'Approve?' }, Body: { Text: { Data: 'Please decide.' } } } },
      }),
    );
    await first.close();
    closers.pop();

    const second = await started(startLocalSes({ dataFile }));

    expect((await second.emails()).map((e) => [e.destination.to, e.subject])).toEqual([[['lead@example.com'], 'Approve?']]);
  });
});
