import { NotFoundException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { fakeAudit } from '../../test/fakes/audit.js';
import { fakeTermsVersions } from '../../test/fakes/terms-versions.js';
import { fakeTransactions } from '../../test/fakes/transactions.js';
import { TermsService } from './terms.service.js';
import { OFFICE_ADMIN, freezeDateEachTest } from '../../test/fakes/spec-helpers.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const ADMIN = OFFICE_ADMIN;

function setup(texts?: string[]) {
  const tx = fakeTransactions();
  const versions = fakeTermsVersions(texts);
  const audit = fakeAudit();
  return { service: new TermsService(tx, versions, audit), tx, versions, audit };
}

freezeDateEachTest(NOW);

describe('TermsService', () => {
  it('answers the newest version as the current one, and any version by number', async () => {
    const { service } = setup(['First words.', 'Second words.']);
    expect(await service.current()).toEqual({
      version: 2,
      text: 'Second words.',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    expect((await service.version(1))?.text).toBe('First words.');
    expect(await service.version(3)).toBeNull();
  });

  it('answers 404 when there is no version at all', async () => {
    const { service } = setup([]);
    await expect(service.current()).rejects.toBeInstanceOf(NotFoundException);
  });

  it('keeps a new text as a new version, audited with the old and the new words in its transaction', async () => {
    const { service, versions, audit, tx } = setup(['Old words.']);
    const saved = await service.setText(ADMIN, '  New words.\r\nSecond line.\r\n');
    expect(saved).toEqual({ version: 2, text: 'New words.\nSecond line.', updated_at: NOW.toISOString() });
    expect(versions.rows).toHaveLength(2);
    expect(versions.rows[0].text).toBe('Old words.');
    expect(versions.rows[1]).toMatchObject({ created_by: 'admin:office', created_at: NOW.toISOString() });
    expect((await service.current()).version).toBe(2);
    expect(tx.committed).toBe(1);
    expect(audit.trail).toEqual([
      expect.objectContaining({
        action: 'terms.changed',
        entity: 'terms',
        entity_id: '2',
        field: 'text',
        old_value: 'Old words.',
        new_value: 'New words.\nSecond line.',
        inTransaction: true,
      }),
    ]);
  });

  it('makes no version and audits nothing when the words are the same (line ends and outer spaces aside)', async () => {
    const { service, versions, audit } = setup(['Same words.\nTwo lines.']);
    const saved = await service.setText(ADMIN, '\n Same words.\r\nTwo lines. \n');
    expect(saved.version).toBe(1);
    expect(versions.rows).toHaveLength(1);
    expect(audit.trail).toEqual([]);
  });
});
