// Public face of the model side: the gateway, the price table and the offline provider.
export { createModelGateway, DEFAULT_MODEL_CONFIG, type ModelConfig, type ModelGatewayDeps } from './gateway.js';
export { MODEL_PRICES, costMicros, priceFor, type ModelPrice, type PriceTable } from './prices.js';
export { createOfflineModelProvider, OFFLINE_MODELS } from './offline/provider.js';
export { triageTicket, findOrderNumbers, detectLanguage } from './offline/triage.js';
export { proposeRefund } from './offline/order-agent.js';
export { writeReply, checkReply, type ReplyFacts } from './offline/reply.js';
