// `npm start`'s configuration, parsed once from the environment: the tenant's other remedies as the
// tenant file's policy switches (POLICY_REMEDIES), JSON checked against the policy's own schema, with
// a clear error for anything else; the return address a return's reply gives, trimmed.
import { describe, expect, it } from 'vitest';
import { parseLocalConfig } from '#local/config.js';

describe('the local configuration', () => {
  it('takes the remedies a tenant enables as JSON, and none when absent', () => {
    expect(parseLocalConfig({ POLICY_REMEDIES: '{"storeCredit":true,"cancelUnfulfilled":true}' }).POLICY_REMEDIES).toMatchObject({
      storeCredit: true,
      cancelUnfulfilled: true,
    });
    expect(parseLocalConfig({}).POLICY_REMEDIES).toBeUndefined();
  });

  it('refuses a switch that is not JSON, not a remedy, or of the wrong type, naming the variable', () => {
    expect(() => parseLocalConfig({ POLICY_REMEDIES: 'storeCredit' })).toThrow(/POLICY_REMEDIES: not valid JSON/);
    expect(() => parseLocalConfig({ POLICY_REMEDIES: '{"autoRefundLimitMinor":900000}' })).toThrow(/POLICY_REMEDIES/);
    expect(() => parseLocalConfig({ POLICY_REMEDIES: '{"storeCredit":"yes"}' })).toThrow(/POLICY_REMEDIES/);
  });

  it('takes the return address as written, trimmed, and none when absent', () => {
    expect(parseLocalConfig({ RETURN_ADDRESS: '  Hearth & Clay Returns, 221 Harbour Road, Portland  ' }).RETURN_ADDRESS).toBe(
      'Hearth & Clay Returns, 221 Harbour Road, Portland',
    );
    expect(parseLocalConfig({}).RETURN_ADDRESS).toBeUndefined();
  });
});
