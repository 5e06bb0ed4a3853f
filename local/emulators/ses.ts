// Local SES capture (aws-ses-v2-local): mail sent through the real SES v2 client lands in its
// store, readable as JSON at <endpoint>/store. With a data file, the mail captured so far is saved
// after every send and read back at the next start (the capture itself keeps one start's mail).
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { closeServer, LOCAL_AWS, portOf } from './listen.js';
import { stateFile } from '../state-file.js';

export interface CapturedEmail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

export interface LocalSes {
  endpoint: string;
  client: SESv2Client;
  emails(): Promise<CapturedEmail[]>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

export async function startLocalSes(opts: { port?: number; dataFile?: string } = {}): Promise<LocalSes> {
  const mod = require('aws-ses-v2-local') as { default?: (c: object) => Promise<Server> };
  const start = mod.default ?? (mod as unknown as (c: object) => Promise<Server>);
  const server = await start({ host: '127.0.0.1', port: opts.port ?? 0 });
  const endpoint = `http://127.0.0.1:${portOf(server)}`;
  const client = new SESv2Client({ ...LOCAL_AWS, endpoint });
  await fetch(`${endpoint}/clear-store`, { method: 'POST' });
  const captured = async () => ((await (await fetch(`${endpoint}/store`)).json()) as { emails: CapturedEmail[] }).emails;
  const file = opts.dataFile ? stateFile<CapturedEmail[]>(opts.dataFile, 1) : null;
  const earlier = file?.read() ?? [];
  if (file) {
    // Saved once the send has been answered: the mail is in the capture by then.
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'SendEmailCommand') file.write([...earlier, ...(await captured())]);
        return result;
      },
      { step: 'initialize', name: 'saveCapturedMail' },
    );
  }
  return {
    endpoint,
    client,
    async emails() {
      return [...earlier, ...(await captured())];
    },
    async close() {
      client.destroy();
      await closeServer(server);
    },
  };
}
