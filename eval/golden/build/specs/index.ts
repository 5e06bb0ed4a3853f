// Every category's specs, in the order of CATEGORIES.
import type { Category } from '../../schema.js';
import type { Spec } from '../dsl.js';
import { another_customers_order, no_order_number, several_order_numbers } from './binding.js';
import { several_items, single_damaged } from './damage-items.js';
import { exclusions, partial_quantity_words } from './damage-quantities.js';
import { already_refunded_units, amount_and_day_boundaries } from './history-limits.js';
import { amount_only_refunds_and_gift_cards, recent_refunds } from './history-refunds.js';
import { prompt_injection } from './injection.js';
import { markets_currency, split_payments } from './payments.js';
import { cancel_unfulfilled, store_credit } from './remedies.js';
import { discounted_orders } from './discounts.js';
import { exchanges } from './exchanges.js';
import { returns } from './returns.js';
import { shipping_and_duties } from './shipping.js';
import { taxed_orders } from './taxes.js';
import { non_english } from './languages.js';
import { change_of_mind, refund_vs_replacement, unfulfilled } from './requests.js';
import { refund_status } from './refund-status.js';
import { several_requests } from './several.js';
import { everyday_wording } from './wording.js';
import { long_rambling, typos } from './text.js';

export const SPECS: Record<Category, Spec[]> = {
  single_damaged,
  several_items,
  partial_quantity_words,
  exclusions,
  unfulfilled,
  change_of_mind,
  refund_vs_replacement,
  refund_status,
  already_refunded_units,
  amount_and_day_boundaries,
  recent_refunds,
  another_customers_order,
  no_order_number,
  several_order_numbers,
  long_rambling,
  non_english,
  typos,
  prompt_injection,
  amount_only_refunds_and_gift_cards,
  store_credit,
  cancel_unfulfilled,
  markets_currency,
  split_payments,
  discounted_orders,
  taxed_orders,
  shipping_and_duties,
  returns,
  exchanges,
  several_requests,
  everyday_wording,
};
