import { describe, expect, it } from 'vitest';
import { signInLockKey } from '../../../shared/sign-in-names.js';
import { storedKey } from './stored-key.js';

describe('a stored throttling key', () => {
  it('is the key itself only when it is short printable ASCII only when it is short printable ASCII', () => {
    expect(storedKey('student:20260001', 80)).toBe('student:20260001');
    const accented = storedKey('guardian:mamá@example.tt', 80);
    expect(accented).toMatch(/^[\x20-\x7e]+$/);
    expect(accented).not.toBe(storedKey('guardian:mama@example.tt', 80));
    expect(storedKey(`guardian:${'a'.repeat(200)}`, 80)).toHaveLength(80);
  });

  it('is the same for every spelling of a long sign-in name', () => {
    const long = `${'a'.repeat(80)}@example.tt`;
    expect(storedKey(signInLockKey('guardian', long.toUpperCase()), 80)).toBe(
      storedKey(signInLockKey('guardian', ` ${long}`), 80),
    );
  });
});
