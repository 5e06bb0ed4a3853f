// The store contract against the DynamoDB adapters (harness/adapters/dynamo/, functions/shared/stores/dynamo/) on dynalite, the
// server `npm start` and the integration tests run: one server for the file, a table per test.
import { afterAll, beforeAll } from 'vitest';
import { describeStoreContracts } from './index.js';
import { dynaliteBackend } from '../../support/store-backends.js';

const backend = dynaliteBackend();
beforeAll(() => backend.start());
afterAll(() => backend.stop());

describeStoreContracts(backend);
