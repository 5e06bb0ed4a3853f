// Poison messages on the local SQS emulator (local-aws-sqs, loopback): the run starter moves a message
// that can never succeed, and one that failed on its last allowed receive, to the dead-letter queue
// with the reason as a message attribute; GET /api/dead-letters shows them without consuming them.
// The receive counts must not depend on how fast a busy machine gets through a batch: a received
// message stays hidden for ten times what handling it takes under load, and the test polls for the
// outcome with a generous deadline instead of sleeping a fixed time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { createRunStarterHandler } from '#functions/intake/run-starter/handler.js';
import { withRunStarterPorts } from '#functions/composition/run-starter.js';
import { createDeadLettersHandler } from '#functions/intake/dead-letters/handler.js';
import { createSqsDeadLetterQueue } from '#functions/shared/aws/sqs-dead-letters.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { startLocalSqs, MAX_RECEIVE_COUNT, type LocalSqs } from '#local/emulators/sqs.js';
import { startSqsPoller } from '#local/sqs-poller.js';
import { NOW, fixedClock, httpEvent, recordingWorkflow } from '../../support/steps.js';

let sqs: LocalSqs;
const LAST_RECEIVE = 2;
/**
 * How long a received message stays hidden. The emulator hides it when it picks it, up to a second
 * (the long poll) before the handler sees it; with a 1 s timeout a batch that took longer than that
 * saw its message handed out again, counted once more. Ten seconds leave room for two busy cores.
 * (Making it visible at once with ChangeMessageVisibility is no way round: the emulator counts that
 * as a receive.)
 */
const HIDDEN_SECONDS = 10;
/** Generous for two busy cores; the condition is polled, so a quiet machine is done in about 11 s. */
const DEADLINE_MS = 90_000;
const PATIENT = { timeout: DEADLINE_MS + 30_000 };
beforeAll(async () => {
  sqs = await startLocalSqs();
});
afterAll(async () => {
  await sqs?.close();
});

async function waitFor<T>(read: () => Promise<T>, until: (value: T) => boolean, timeoutMs = DEADLINE_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!until(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

describe('dead letters', () => {
  it('moves a poison message to the DLQ with its reason at once, and a failing one on its last receive, visibly', PATIENT, async () => {
    expect(LAST_RECEIVE).toBeLessThan(MAX_RECEIVE_COUNT);
    const clock = fixedClock(NOW);
    const stores = createInMemoryStores({ clock });
    const workflow = recordingWorkflow();
    const deadLetters = createSqsDeadLetterQueue({ client: sqs.client, queueUrl: sqs.dlqUrl });
    const attempts: string[] = [];
    const handler = createRunStarterHandler(
      withRunStarterPorts({
        ...stores,
        workflow: {
          ...workflow.engine,
          start: async (input) => {
            attempts.push(input.name);
            throw Object.assign(new Error('state machine is gone'), { name: 'StateMachineDoesNotExist' });
          },
        },
        requesters: { emailOf: async () => null },
        clock,
        deadLetters,
        // Below the queue's own redrive (MAX_RECEIVE_COUNT), as in AWS where both are equal: the
        // starter must get there first, or the message reaches the DLQ without a reason.
        maxReceiveCount: LAST_RECEIVE,
      }),
    );
    // Redelivery after a failure in HIDDEN_SECONDS instead of the queue's 30 s visibility timeout.
    const poller = startSqsPoller({ client: sqs.client, queueUrl: sqs.queueUrl, handler, waitSeconds: 1, visibilityTimeoutSeconds: HIDDEN_SECONDS });
    try {
      await sqs.client.send(
        new SendMessageCommand({
          QueueUrl: sqs.queueUrl,
          MessageBody: '{"runId": "run-x", "event": ',
          MessageGroupId: 'g-poison',
          MessageDeduplicationId: 'poison-1',
        }),
      );
      const ticket = {
        runId: 'run-failing',
        event: {
          tenant: 'demo',
          helpdesk: 'zendesk',
          eventId: 'evt-f',
          eventType: 'ticket.created',
          ticketId: '1',
          requesterId: null,
          requesterEmail: 'a@b.co',
          subject: 's',
          body: 'b',
          receivedAt: NOW.toISOString(),
        },
      };
      await sqs.client.send(
        new SendMessageCommand({
          QueueUrl: sqs.queueUrl,
          MessageBody: JSON.stringify(ticket),
          MessageGroupId: 'run-failing',
          MessageDeduplicationId: 'failing-1',
        }),
      );

      const api = createDeadLettersHandler({ deadLetters });
      const list = async () =>
        JSON.parse(String((await api(httpEvent({ method: 'GET', path: '/api/dead-letters' }))).body)).deadLetters as Array<Record<string, unknown>>;
      const letters = await waitFor(list, (l) => l.length >= 2);

      expect(letters).toHaveLength(2);
      const poison = letters.find((l) => String(l.reason).startsWith('poison'));
      const failing = letters.find((l) => String(l.reason).startsWith('failed'));
      expect(poison).toMatchObject({ reason: 'poison: the message body is not JSON', receiveCount: 1, failedAt: NOW.toISOString() });
      expect(failing).toMatchObject({ receiveCount: LAST_RECEIVE });
      expect(String(failing!.reason)).toContain('StateMachineDoesNotExist: state machine is gone');
      expect(attempts).toHaveLength(LAST_RECEIVE);
      // Listing peeks: the letters are still there for the operator.
      expect(await list()).toHaveLength(2);
    } finally {
      await poller.stop();
    }
  });
});
