// Public face of the in-memory stores (unit tests, quick local runs).
export { createInMemoryStores, type InMemoryStores } from './stores.js';
