import { describe, expect, it } from 'vitest';
import { toToolCallResult } from '#harness/adapters/mcp/index.js';
import { ConflictError, toToolErrorBody } from '#shared/contracts/errors.js';

describe('reading a tool result on the harness side', () => {
  it('returns the structured output of a successful call', () => {
    const output = { refundId: 'gid://shopify/Refund/1' };
    expect(toToolCallResult({ content: [], structuredContent: output })).toEqual({ ok: true, output });
  });

  it("returns the server's own error category when the tool failed", () => {
    const body = toToolErrorBody(new ConflictError('key reused'));
    expect(toToolCallResult({ isError: true, content: [], structuredContent: { ...body } })).toEqual({
      ok: false,
      error: { category: 'conflict', message: 'key reused' },
    });
  });

  it('treats an error without structured content (bad arguments) as invalid, keeping its text', () => {
    const result = toToolCallResult({ isError: true, content: [{ type: 'text', text: 'Input validation error: orderNumber' }] });
    expect(result).toEqual({ ok: false, error: { category: 'invalid', message: 'Input validation error: orderNumber' } });
  });

  it('does not accept a success without structured content', () => {
    expect(toToolCallResult({ content: [{ type: 'text', text: '{}' }] })).toMatchObject({ ok: false, error: { category: 'invalid' } });
  });

  it('hides the details of unexpected server errors', () => {
    expect(toToolErrorBody(new Error('secret stack detail'))).toEqual({ category: 'temporarily_unavailable', message: 'unexpected server error' });
  });
});
