// The local runtime's data directory (DATA_DIR): where each local service keeps its state between
// starts, one entry each: DynamoDB (a LevelDB directory), the queues' messages, the captured mail,
// the sandbox store and helpdesk, and the key approval links are signed with (so links in saved
// mail still open after a restart). Opened by runtime.ts; without it everything is in memory.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface DataDir {
  root: string;
  /** True when an earlier start left state here: the runtime then resumes its open runs. */
  existed: boolean;
  dynamo: string;
  queues: string;
  mail: string;
  store: string;
  helpdesk: string;
  /** The approval link key kept here, created at the first start. */
  approvalLinkSecret(): string;
}

export function openDataDir(path: string): DataDir {
  const root = resolve(path);
  const dynamo = join(root, 'dynamodb');
  const existed = existsSync(dynamo);
  mkdirSync(root, { recursive: true });
  return {
    root,
    existed,
    dynamo,
    queues: join(root, 'queues.json'),
    mail: join(root, 'mail.json'),
    store: join(root, 'store.json'),
    helpdesk: join(root, 'helpdesk.json'),
    approvalLinkSecret() {
      const file = join(root, 'approval-link-secret');
      if (existsSync(file)) return readFileSync(file, 'utf8').trim();
      const secret = randomBytes(32).toString('base64url');
      writeFileSync(file, secret, { mode: 0o600 });
      return secret;
    },
  };
}
