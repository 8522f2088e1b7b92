import { describe, expect, it } from 'vitest';
import { storedKey } from './stored-key.js';

describe('storedKey', () => {
  it('keeps a key that fits, and shortens a longer one to the limit, distinct keys staying distinct', () => {
    expect(storedKey('student:20260001', 80)).toBe('student:20260001');
    const a = storedKey(`guardian:${'a'.repeat(200)}@example.tt`, 80);
    const b = storedKey(`guardian:${'a'.repeat(199)}b@example.tt`, 80);
    expect(a).toHaveLength(80);
    expect(a.startsWith('guardian:aaa')).toBe(true);
    expect(a).not.toBe(b);
    expect(storedKey(`guardian:${'a'.repeat(200)}@example.tt`, 80)).toBe(a);
  });
});
