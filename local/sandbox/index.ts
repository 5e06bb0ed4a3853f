// Public face of the sandbox: a Shopify-like store and a Zendesk-like helpdesk on loopback, seeded
// from one fixture.
export { startSandboxStore, GRAPHQL_PATH, SANDBOX_API_VERSION } from './store/server.js';
export type { SandboxStore, SandboxStoreOptions } from './store/server.js';
export type { StoreFaults } from './store/faults.js';
export type { SandboxStoreState } from './store/state.js';
export type { ReturnDesk } from './store/return-desk.js';
export { startSandboxHelpdesk } from './helpdesk/server.js';
export type { SandboxHelpdesk, SandboxHelpdeskOptions, SandboxComment } from './helpdesk/server.js';
export { loadFixture, demoFixture, parseFixture, fixtureJsonSchema, SandboxFixture, FixtureError } from './fixture.js';
