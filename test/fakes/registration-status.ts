import type { RegistrationStatusRepository } from '../../server/students/registration-status.repository.js';

type Row = { open: number; deadline: string | null };

/** The registration_status row in memory (none until `insertDefault` or `save`, unless one is given). */
export function fakeRegistrationStatus(initial: Row | null = { open: 1, deadline: null }) {
  const fake = {
    row: initial ? { id: 1, ...initial } : null,
    async find() {
      return fake.row ? { ...fake.row } : null;
    },
    async insertDefault() {
      fake.row ??= { id: 1, open: 1, deadline: null };
    },
    async save(next: Row) {
      fake.row = { id: 1, ...next };
    },
  };
  return fake as typeof fake & RegistrationStatusRepository;
}
