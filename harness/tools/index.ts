// Public face of the tool registry and the per-step allowlist.
export { TOOL_REGISTRY, computeToolPin, verifyToolPins, type ToolRisk, type ToolSpec } from './registry.js';
export { STEP_ALLOWLIST, isToolAllowed } from './allowlist.js';
