// Public face of the tool registry, its pins and the per-step allowlist.
export { TOOL_REGISTRY, TOOL_SERVER, registryPins, type ToolRisk, type ToolSpec } from './registry.js';
export { canonicalToolDefinition, checkLiveTools, computeToolPin, type PinnedServer, type PinVerdict } from './pins.js';
export { createPinGuard, type PinGuard, type PinGuardDeps } from './pin-guard.js';
export { STEP_ALLOWLIST, isToolAllowed } from './allowlist.js';
