import { DataSource, type EntityManager } from 'typeorm';
import { FilesService } from '../files/files.service.js';
import { tinyPdf } from '../files/tiny-pdf.js';
import type { DocumentType } from '../../shared/constants.js';
import { TermReportRows } from '../term-reports/term-report-rows.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { loadConfig } from '../config/app-config.js';
import { createApp } from '../create-app.js';
import { FIRST_NAMES, LAST_NAMES } from '../app/seeds/demo-school.js';
import { LookupsService } from '../lookups/lookups.service.js';
import type { Student } from '../students/entities/student.entity.js';
import { StudentsRepository } from '../students/students.repository.js';
import { UsersService } from '../users/users.service.js';

// npm run seed:school -- --students 1500
// Fills an EMPTY database (DATA_DIR / DATABASE_URL as for the server) with a whole school for load
// tests and benchmarks: six form levels of classes, complete, half-complete and untouched
// registrations, their uploaded documents, and three years of posted term reports. Every account
// signs in with SEED_PASSWORD, so the bench can sign in as anyone.

export const SEED_PASSWORD = 'Bench-School-2026';
const CLASS_LETTERS = ['A', 'B', 'C', 'D', 'E'];
const FIRST = [...FIRST_NAMES, 'Zara', 'Kezia', 'Anya', 'Celine'];
const LAST = [...LAST_NAMES, 'Roberts', 'Mitchell'];
const TOWNS = [
  'Arima',
  'Chaguanas',
  'San Fernando',
  'Tunapuna',
  'Couva',
  'Diego Martin',
  'Point Fortin',
  'Sangre Grande',
];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length];
const digits = (n: number) => String(6_000_000 + ((n * 7919) % 3_999_999)).slice(0, 7);

/** One student of the school; `fill` 0 = untouched, 1 = student and family data, 2 = every step. */
export function schoolStudent(n: number, fill: 0 | 1 | 2, now: string): Partial<Student> {
  const level = (n % 6) + 1;
  const classId = `${level}${pick(CLASS_LETTERS, Math.floor(n / 6))}`;
  const birthYear = 2026 - 11 - level;
  const base: Partial<Student> = {
    id: String(20_000_000 + n),
    class_id: classId,
    house_code: (n % 4) + 1,
    first_name: pick(FIRST, n),
    last_name: pick(LAST, n * 7 + level),
    sex: 'Female',
    date_of_birth: `${birthYear}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`,
    birth_certificate_no: `BC${100000 + n}`,
    created_at: now,
    updated_at: now,
  };
  if (fill === 0) return base;
  Object.assign(base, {
    home_address: `${(n % 200) + 1} Main Road`,
    address_line_2: pick(TOWNS, n),
    regional_corporation: 'Tunapuna-Piarco Regional Corporation',
    phone_home: digits(n),
    email: `student${n}@example.org`,
    blood_type: pick(['O+', 'A+', 'B+', 'AB-'], n),
    religion_code: (n % 16) + 1,
    ethnic_group_code: (n % 10) + 1,
    place_of_birth: 'Trinidad and Tobago',
    nationality: 'Trinidadian',
    previous_school: 'Arima Girls RC',
    sea_no: `SEA${n}`,
    living_status: 'Both Parents',
    mother_section: 1,
    father_section: 1,
    mother_name: `${pick(FIRST, n + 3)} ${base.last_name}`,
    mother_marital_status: 'Married',
    mother_occupation: 'Nurse',
    mobile_phone_mother: digits(n + 1),
    email_mother: `mother${n}@example.org`,
    father_name: `Marcus ${base.last_name}`,
    father_marital_status: 'Married',
    father_occupation: 'Technician',
    mobile_phone_father: digits(n + 2),
    no_in_family: '4',
    no_at_home: '4',
    place_in_family: '2',
    emergency_contact: `Aunt ${pick(FIRST, n + 5)}`,
    emergency_home_phone: digits(n + 3),
  });
  if (fill === 2) {
    Object.assign(base, {
      hepatitis: 1,
      polio: 1,
      diphtheria: 1,
      tetanus: 1,
      measles: 1,
      asthma: n % 9 === 0 ? 1 : 0,
      allergy: n % 5 === 0 ? 'Peanuts' : null,
      device_type: pick(['Phone', 'Laptop', 'Tablet'], n),
      internet_access: 1,
      school_feeding: n % 3 === 0 ? 1 : 0,
      transport: n % 4 === 0 ? 1 : 0,
      // agreed to the default terms, version 1 (the first version the migrations create)
      agree_terms_conditions: 1,
      terms_and_conditions: 1,
      terms_version: 1,
      terms_agreed_at: now,
    });
  }
  return base;
}

const DOCUMENTS_COMPLETE: DocumentType[] = ['birth_certificate', 'immunization_card', 'immunization_covid', 'sea_slip'];

function seedFiles(
  files: FilesService,
  m: EntityManager,
  students: Partial<Student>[],
  fills: number[],
  now: string,
): Promise<number> {
  return files.storeSeeded(
    students.flatMap((s, n) =>
      (fills[n] === 2 ? DOCUMENTS_COMPLETE : fills[n] === 1 ? DOCUMENTS_COMPLETE.slice(0, 1) : []).map((type) => ({
        student_id: s.id!,
        file_type: type,
        name: `${type}.pdf`,
        mime: 'application/pdf' as const,
        bytes: tinyPdf(`${type} of ${s.first_name} ${s.last_name} (${s.id})`),
      })),
    ),
    now,
    m,
  );
}

const SUBJECTS = [
  'English',
  'Mathematics',
  'Spanish',
  'Integrated Science',
  'Social Studies',
  'Information Technology',
  'Visual Arts',
  'Physical Education',
];
const YEARS = [2023, 2024, 2025];

/**
 * Three academic years of reports: each student in the class of her level that year; all posted but the
 * latest term.
 */
async function seedTermReports(
  rows: TermReportRows,
  m: EntityManager,
  students: Partial<Student>[],
  now: string,
): Promise<number> {
  let reports = 0;
  for (const year of YEARS) {
    for (const term of [1, 2, 3]) {
      const batch = students.flatMap((s) => {
        const level = Number(s.class_id![0]) - (2025 - year);
        if (level < 1) return [];
        return [
          {
            student_id: s.id!,
            year,
            term,
            class_id: `${level}${s.class_id!.slice(1)}`,
            form_level: level,
            days_absent: Number(s.id) % 5,
            times_late: Number(s.id) % 3,
            conduct: 'Good',
            form_teacher_remarks: 'A pleasant and hard-working student.',
            principal_remarks: 'Keep it up.',
            next_term_begins: `${year + (term === 3 ? 1 : 0)}-${term === 1 ? '01-06' : term === 2 ? '04-20' : '09-01'}`,
            created_at: now,
            updated_at: now,
          },
        ];
      });
      for (let i = 0; i < batch.length; i += 300) {
        const chunk = batch.slice(i, i + 300);
        const saved = await rows.insertReports(chunk, year, term, m);
        const lines = saved.flatMap((r) =>
          SUBJECTS.map((subject, position) => ({
            term_report_id: r.id,
            position,
            subject,
            mark_tenths: 400 + ((Number(r.student_id) * 37 + position * 101 + term * 13) % 600),
            grade: null,
            comment: 'Satisfactory work.',
            teacher: `Ms. ${pick(LAST, position)}`,
          })),
        );
        for (let j = 0; j < lines.length; j += 500) await rows.insertLines(lines.slice(j, j + 500), m);
        reports += chunk.length;
      }
      const latest = year === YEARS.at(-1) && term === 3;
      await rows.insertPostings(
        [
          {
            year,
            term,
            posted: latest ? 0 : 1,
            date_posted: latest ? null : `${year + 1}-0${term}-15 10:00:00`,
            notified_at: latest ? null : now,
            updated_at: now,
          },
        ],
        m,
      );
    }
  }
  return reports;
}

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--students');
  const count = at >= 0 ? Number(argv[at + 1]) : 1500;
  if (!Number.isInteger(count) || count < 1 || count > 20_000)
    throw new Error('--students must be a whole number from 1 to 20000');
  const config = loadConfig({ ...process.env, SEED_DEMO: 'off', LOG_LEVEL: 'warn' });
  const app = await createApp(config);
  try {
    const ds = app.get(DataSource);
    const studentsTable = app.get(StudentsRepository);
    if ((await studentsTable.count()) > 0)
      throw new Error('The database already holds students: seed:school fills an empty one.');
    const now = new Date().toISOString();
    const hash = await app.get(PasswordHasher).hash(SEED_PASSWORD);
    const fills = Array.from({ length: count }, (_, n) => (n % 10 < 6 ? 2 : n % 10 < 9 ? 1 : 0));
    const students = fills.map((fill, n) => schoolStudent(n, fill as 0 | 1 | 2, now));
    let files = 0;
    let reports = 0;
    await ds.transaction(async (m) => {
      await app.get(LookupsService).addFormClasses([...new Set(students.map((s) => s.class_id!))], m);
      for (let i = 0; i < students.length; i += 200) {
        const chunk = students.slice(i, i + 200);
        await studentsTable.insert(chunk, m);
        await app.get(UsersService).insertMany(
          chunk.map((s) => ({
            role: 'student' as const,
            student_id: s.id!,
            username: null,
            display_name: `${s.first_name} ${s.last_name}`,
            password_hash: hash,
            password_reset: 0,
            created_at: now,
            updated_at: now,
          })),
          m,
        );
      }
      files = await seedFiles(app.get(FilesService), m, students, fills, now);
      reports = await seedTermReports(app.get(TermReportRows), m, students, now);
    });
    console.log(
      `Seeded ${count} students in ${new Set(students.map((s) => s.class_id)).size} classes, ` +
        `${files} uploaded documents, ${reports} term reports. Every account's password: ${SEED_PASSWORD}`,
    );
  } finally {
    await app.close();
  }
}

if (process.argv[1]?.endsWith('seed-school.js')) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(`Error: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
