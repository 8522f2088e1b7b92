import type { Student } from '../../students/entities/student.entity.js';

// A small demo school for a laptop evaluation (SEED_DEMO). The README lists these sign-ins.

export const DEMO_ADMIN = { username: 'admin', password: 'Admin-Demo-2026' } as const;
export const DEMO_PASSWORD = 'Portal-Demo-2026';
/** A mother of two Form 1 students (both with chosen passwords), signing in with her e-mail (docs/product.md §11). */
export const DEMO_GUARDIAN = {
  email: 'parent@example.org',
  password: 'Parent-Demo-2026',
  name: 'Demo Parent',
  students: ['20260002', '20260025'],
} as const;
export const DEMO_CLASSES = ['1A', '1B', '2A', '2B', '3A', '3B', '4A', '4B', '5A', '5B', '6L', '6U'];

/** First and last names of the demo students (the whole-school seed adds a few of its own). */
export const FIRST_NAMES = [
  'Aaliyah',
  'Brianna',
  'Chloe',
  'Danielle',
  'Esther',
  'Faith',
  'Gabrielle',
  'Hannah',
  'Imani',
  'Jada',
  'Kayla',
  'Leah',
  'Maya',
  'Nadia',
  'Olivia',
  'Priya',
  'Renee',
  'Shania',
  'Tiana',
  'Vanessa',
];
export const LAST_NAMES = [
  'Mohammed',
  'Charles',
  'Ramdass',
  'Joseph',
  'Ali',
  'Baptiste',
  'Singh',
  'Williams',
  'Persad',
  'Lewis',
  'Maharaj',
  'Thomas',
  'Rampersad',
  'Garcia',
  'Ramkissoon',
  'Phillip',
  'Khan',
  'John',
  'Boodoo',
  'Lee',
];

/**
 * A returning student (docs/product.md §13): in Form 1A last year, her registration then complete and kept, now in 2A.
 * She signs in with the demo's password and confirms last year's answers instead of typing them again.
 */
export const DEMO_RETURNING = {
  id: '20250027',
  lastYearClass: '1A',
  record: {
    birth_certificate_no: '201300012345',
    home_address: '27 Palm Avenue',
    address_line_2: 'Arima',
    place_of_birth: 'Trinidad and Tobago',
    nationality: 'Trinidadian',
    living_status: 'Both Parents',
    mother_name: 'Sharon Ramdass',
    mobile_phone_mother: '7771234',
    father_name: 'Vikash Ramdass',
    mobile_phone_father: '7775678',
    emergency_contact: 'Aunt Indira',
    emergency_home_phone: '6421234',
    hepatitis: 1,
    polio: 1,
    tetanus: 1,
    allergy: 'Peanuts',
    device_type: 'Laptop',
    agree_terms_conditions: 1,
    terms_version: 1,
  } satisfies Partial<Student>,
} as const;

export interface DemoStudent {
  record: Partial<Student>;
  /** A password already chosen; without one the account starts with the date of birth and the reset flag. */
  password?: string;
}

export function demoStudents(now: string): DemoStudent[] {
  const list: DemoStudent[] = [];
  for (let n = 0; n < 36; n++) {
    const classId = DEMO_CLASSES[n % DEMO_CLASSES.length];
    const level = Number(classId[0]);
    const birthYear = 2026 - 11 - level - (classId === '6U' ? 1 : 0);
    const month = String((n % 12) + 1).padStart(2, '0');
    const day = String((n % 27) + 1).padStart(2, '0');
    const yearIntake = 2026 - level + 1;
    const id = `${yearIntake}${String(n + 1).padStart(4, '0')}`;
    list.push({
      record: {
        id,
        class_id: classId,
        house_code: (n % 4) + 1,
        first_name: FIRST_NAMES[n % FIRST_NAMES.length],
        last_name: LAST_NAMES[(n * 7) % LAST_NAMES.length],
        sex: 'Female',
        date_of_birth: `${birthYear}-${month}-${day}`,
        birth_certificate_no: `BC${String(100000 + n * 37)}`,
        // An address on record, so that "Forgot your password?" leaves a message in the demo's Outbox.
        email: `${FIRST_NAMES[n % FIRST_NAMES.length]}.${n + 1}@example.org`.toLowerCase(),
        created_at: now,
        updated_at: now,
        ...(id === DEMO_RETURNING.id ? { ...DEMO_RETURNING.record, terms_agreed_at: now } : {}),
      },
      // The first two Form 1 students: one must still reset (date of birth), one has chosen a password.
      password: n === 1 || n >= 24 ? DEMO_PASSWORD : undefined,
    });
  }
  return list;
}

/**
 * Former students of the demo school (docs/product.md §12.3): two who graduated in July 2019, whose personal data is
 * due for deletion under the default retention of 7 years (§12.4), and one who left in June 2026. They sign in with
 * the demo's password and are told that their account is closed.
 */
export function demoFormerStudents(now: string): DemoStudent[] {
  const former = (
    id: string,
    n: number,
    class_id: string,
    date_of_birth: string,
    standing: Pick<Student, 'status' | 'left_on' | 'leaving_reason'>,
  ): DemoStudent => ({
    record: {
      id,
      class_id,
      house_code: (n % 4) + 1,
      first_name: FIRST_NAMES[n % FIRST_NAMES.length],
      last_name: LAST_NAMES[(n * 7) % LAST_NAMES.length],
      sex: 'Female',
      date_of_birth,
      birth_certificate_no: `BC${String(100000 + n * 37)}`,
      email: `${FIRST_NAMES[n % FIRST_NAMES.length]}.${n + 1}@example.org`.toLowerCase(),
      home_address: `${n + 1} Former Street`,
      ...standing,
      created_at: now,
      updated_at: now,
    },
    password: DEMO_PASSWORD,
  });
  return [
    former('20130041', 40, '6U', '2001-05-14', { status: 'graduated', left_on: '2019-07-31', leaving_reason: null }),
    former('20130042', 41, '6U', '2001-09-02', { status: 'graduated', left_on: '2019-07-31', leaving_reason: null }),
    former('20230043', 42, '3B', '2011-03-21', {
      status: 'left',
      left_on: '2026-06-30',
      leaving_reason: 'Moved to another school',
    }),
  ];
}
