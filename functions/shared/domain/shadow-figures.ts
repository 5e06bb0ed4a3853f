// Shadow mode's figures as a reader sees them, for every capability that shows them: one class's view
// and the tenant's overview (GET /api/shadow, the console's shadow page), and the port the console
// receives. The shadow capability computes them (functions/shadow/api/use-case.ts).
import type { ShadowPromotion } from '../stores/ports.js';
import type { AgentMode } from './shadow.js';

export type ShadowClassView = {
  classKey: string;
  mode: AgentMode;
  /** People's resolutions, one per run, and how many agreed with the proposal. */
  resolved: number;
  agreed: number;
  /** Independent samples (one per order, and per customer in a window) and how many agreed throughout. */
  samples: number;
  agreeingSamples: number;
  /** Distinct customers and orders behind the samples. */
  customers: number;
  orders: number;
  /** agreeingSamples / samples (0..1), null before the first resolution. */
  agreement: number | null;
  /** Whether POST …/promote would switch it now. */
  eligible: boolean;
  promotedAt: string | null;
  promotedBy: string | null;
};

/** Every class with figures or named by the tenant file, with the minimums, the threshold and the switches so far. */
export type ShadowOverview = {
  defaultMode: AgentMode;
  minTickets: number;
  minCustomers: number;
  minOrders: number;
  threshold: number;
  classes: ShadowClassView[];
  promotions: ShadowPromotion[];
};

/** The port: the tenant's shadow figures. */
export interface ShadowFigures {
  list(): Promise<ShadowOverview>;
}
