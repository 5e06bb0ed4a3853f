// Typed errors of the tools' connectors. Every outside failure (Shopify, helpdesk, bad input)
// becomes one of the five tool error categories, so the harness can retry, explain or stop. Thrown
// by the Shopify adapter (mcp-lambda/adapters) and the helpdesk connectors (shared/helpdesk);
// turned into an isError tool result by mcp-lambda/server.
import type { ToolErrorCategory } from './tools.js';

export abstract class ToolFailureError extends Error {
  abstract readonly category: ToolErrorCategory;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: { cause?: unknown; retryAfterMs?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryAfterMs = options.retryAfterMs;
  }
}

export class TemporarilyUnavailableError extends ToolFailureError {
  override readonly name = 'TemporarilyUnavailableError';
  readonly category = 'temporarily_unavailable' as const;
}

export class NotFoundError extends ToolFailureError {
  override readonly name = 'NotFoundError';
  readonly category = 'not_found' as const;
}

export class NotAuthorizedError extends ToolFailureError {
  override readonly name = 'NotAuthorizedError';
  readonly category = 'not_authorized' as const;
}

export class ConflictError extends ToolFailureError {
  override readonly name = 'ConflictError';
  readonly category = 'conflict' as const;
}

export class InvalidError extends ToolFailureError {
  override readonly name = 'InvalidError';
  readonly category = 'invalid' as const;
}

export interface ToolErrorBody {
  category: ToolErrorCategory;
  message: string;
  retryAfterMs?: number;
}

/** The wire form of a failure. Unknown errors are reported as temporary, without their details. */
export function toToolErrorBody(error: unknown): ToolErrorBody {
  if (error instanceof ToolFailureError) {
    return error.retryAfterMs === undefined
      ? { category: error.category, message: error.message }
      : { category: error.category, message: error.message, retryAfterMs: error.retryAfterMs };
  }
  return { category: 'temporarily_unavailable', message: 'unexpected server error' };
}
