import { toStudentRecord } from '../../server/students/student-record.mapper.js';
import type { EntityManager } from 'typeorm';
import { isFormerStatus } from '../../shared/school-year.js';
import type {
  ListOptions,
  StudentChanges,
  StudentColumn,
  StudentRow,
  StudentsRepository,
} from '../../server/students/students.repository.js';

type FakeStudents = StudentsRepository & {
  rows: Map<string, Partial<StudentRow> & { id: string }>;
  /** the updates a service made, in order, and whether each was in a caller's transaction */
  updates: { id: string; changes: StudentChanges; inTransaction: boolean }[];
};

function pickOf<K extends StudentColumn>(row: Partial<StudentRow> & { id: string }, columns: readonly K[]) {
  // A row without a standing is a current student's, as the column's default makes it.
  const value = (c: StudentColumn) => row[c] ?? (c === 'status' ? 'current' : null);
  return Object.fromEntries([['id', row.id], ...columns.map((c) => [c, value(c)])]) as Pick<StudentRow, K | 'id'>;
}

/**
 * The students table in memory, behind the StudentsRepository methods the services under spec call. Ids are matched
 * without regard to case, as MariaDB's collation does.
 */
export function fakeStudentsRepository(rows: (Partial<StudentRow> & { id: string })[] = []): FakeStudents {
  const table = new Map(rows.map((r) => [r.id.toLowerCase(), { ...r }]));
  const get = (id: string) => table.get(id.toLowerCase()) ?? null;
  const fake = {
    rows: table,
    updates: [] as FakeStudents['updates'],
    async exists(id: string) {
      return get(id) !== null;
    },
    async count() {
      return table.size;
    },
    async findRow(id: string) {
      return (get(id) as StudentRow | null) ?? null;
    },
    async recordOf(id: string) {
      const row = get(id) as StudentRow | null;
      return row && toStudentRecord(row);
    },
    async isFormer(id: string) {
      return isFormerStatus(get(id)?.status);
    },
    async isFormerKept(id: string) {
      return isFormerStatus(get(id)?.status);
    },
    async formerAmong(ids: readonly string[]) {
      return new Set(ids.flatMap((id) => (isFormerStatus(get(id)?.status) ? [get(id)!.id] : [])));
    },
    async pick<K extends StudentColumn>(id: string, columns: readonly K[]) {
      const row = get(id);
      return row ? pickOf(row, columns) : null;
    },
    async pickForUpdate<K extends StudentColumn>(id: string, columns: readonly K[]) {
      const row = get(id);
      return row ? pickOf(row, columns) : null;
    },
    async list<K extends StudentColumn>(columns: readonly K[], options: ListOptions = {}) {
      const all = options.ids ? options.ids.flatMap((id) => get(id) ?? []) : [...table.values()];
      const current = (row: Partial<StudentRow>) => !isFormerStatus(row.status);
      return all
        .filter((row) => options.standing === undefined || current(row) === (options.standing === 'current'))
        .map((row) => pickOf(row, columns));
    },
    async insert(newRows: readonly Partial<StudentRow>[]) {
      for (const row of newRows) if (row.id) table.set(row.id.toLowerCase(), { ...row, id: row.id });
    },
    async update(id: string, changes: StudentChanges, m?: EntityManager) {
      fake.updates.push({ id, changes, inTransaction: !!m });
      const row = get(id);
      if (row) Object.assign(row, changes);
    },
  };
  return fake as unknown as FakeStudents;
}
