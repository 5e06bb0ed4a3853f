// ajv-formats' stand-in in the Lambda bundles (see no-ajv.ts): its default export adds nothing.
export { addFormats as default } from './no-ajv.js';
