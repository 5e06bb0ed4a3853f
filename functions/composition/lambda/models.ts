// The model provider and the model of each specialist, for the entries that call a model (triage,
// propose-refund, draft-reply, check-reply, escalate, stalled-runs: infra's callsModels). Only these
// import the providers, the Anthropic SDK among them. Deployed, the tenant names MODEL_PROVIDER
// (anthropic needs a key, or the function refuses to start); replay answers from the journal.
import { parseModelSettings } from '#harness/models/settings.js';
import { selectModels } from '#harness/adapters/models/select.js';
import { part } from '../lambda-app.js';
import type { LambdaModels } from './harness.js';
import { tableOf } from './table.js';

export const modelsOf = part((base): LambdaModels => selectModels(parseModelSettings(base.env), { journal: tableOf(base).stores.journal }));
