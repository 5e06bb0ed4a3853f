// Time and fresh ids, injected: every part that reads the clock or makes an unguessable id takes
// these ports (the harness, the step use cases, the MCP server's refund-history window), so tests
// pass fixed ones. Here because both deployables use them; harness/ports.ts re-exports the ports.
import { randomBytes } from 'node:crypto';

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A fresh, unguessable id (approval ids, form tokens, journal sequence suffixes). */
  random(): string;
}

/** The wall clock, for composition roots (the Lambda containers, the local runtime). */
export const systemClock: Clock = { now: () => new Date() };

/** 128 random bits, URL-safe. */
export const randomIds: IdGenerator = { random: () => randomBytes(16).toString('base64url') };
