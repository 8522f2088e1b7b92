import { describe, expect, it } from 'vitest';
import { isTotpCode, normaliseRecoveryCode } from './mfa.js';

describe('two-step sign-in codes', () => {
  it('takes 6 digits, with the spaces some apps show, as a code from the app', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode(' 123 456 ')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('1234567')).toBe(false);
    expect(isTotpCode('k7m2p-x9qrt')).toBe(false);
  });

  it('reads a recovery code whatever its case, dashes or spaces', () => {
    expect(normaliseRecoveryCode('K7M2P-X9QRT')).toBe('k7m2px9qrt');
    expect(normaliseRecoveryCode(' k7m2p x9qrt ')).toBe('k7m2px9qrt');
  });
});
