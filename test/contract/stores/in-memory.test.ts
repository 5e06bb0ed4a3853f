// The store contract against the in-memory stores (harness/adapters/memory/, functions/shared/stores/memory/), the ones unit tests use.
import { describeStoreContracts } from './index.js';
import { inMemoryBackend } from '../../support/store-backends.js';

describeStoreContracts(inMemoryBackend());
