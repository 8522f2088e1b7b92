import { type MigrationInterface, type QueryRunner, Table, type TableColumnOptions } from 'typeorm';

// The first schema: accounts, sessions, sign-in throttling, the whole student record, lookups and the
// audit trail. Written with TypeORM's Table API so that one migration serves SQLite and MariaDB.
// Frozen: later changes go in new migrations, never here.

const v = (name: string, length: number, nullable = true): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: nullable,
});
const i = (name: string, nullable = true): TableColumnOptions => ({ name, type: 'int', isNullable: nullable });
const f = (name: string): TableColumnOptions => ({ name, type: 'int', isNullable: false, default: 0 });
const t = (name: string): TableColumnOptions => ({ name, type: 'text', isNullable: true });
const big = (name: string, dflt?: number): TableColumnOptions => ({
  name,
  type: 'bigint',
  isNullable: false,
  ...(dflt === undefined ? {} : { default: dflt }),
});
const stamp = (name: string, nullable = false) => v(name, 24, nullable);
const autoId: TableColumnOptions = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
};

const STUDENT_COLUMNS: TableColumnOptions[] = [
  { ...v('id', 20, false), isPrimary: true },
  v('class_id', 10),
  i('house_code'),
  v('first_name', 20),
  v('last_name', 20),
  v('middle_name', 20),
  v('sex', 6),
  v('home_address', 100),
  v('address_line_2', 100),
  v('regional_corporation', 100),
  v('phone_home', 7),
  v('email', 50),
  v('blood_type', 3),
  v('previous_school', 50),
  v('sea_no', 15),
  i('religion_code'),
  i('ethnic_group_code'),
  v('birth_certificate_no', 15),
  v('date_of_birth', 10),
  v('place_of_birth', 25),
  v('nationality', 25),
  f('immigration_permit'),
  v('immigration_permit_no', 30),
  v('immigration_permit_issued', 10),
  v('immigration_permit_expiry', 10),
  f('terms_and_conditions'),
  f('agree_terms_conditions'),
  v('mother_name', 35),
  v('mother_marital_status', 10),
  v('mother_home_address', 255),
  v('mother_occupation', 35),
  v('mother_business_place', 50),
  v('mother_business_address', 50),
  v('mother_phone_home', 7),
  v('mother_business_phone', 7),
  v('mobile_phone_mother', 7),
  v('email_mother', 50),
  v('id_card_mother', 20),
  v('father_name', 35),
  v('father_marital_status', 10),
  v('father_home_address', 255),
  v('father_occupation', 35),
  v('father_business_place', 50),
  v('father_business_address', 50),
  v('father_phone_home', 7),
  v('father_business_phone', 7),
  v('mobile_phone_father', 7),
  v('email_father', 50),
  v('id_card_father', 20),
  v('guardian_name', 30),
  v('guardian_marital_status', 10),
  v('home_address_guardian', 255),
  v('guardian_occupation', 50),
  v('guardian_business_place', 50),
  v('guardian_business_address', 50),
  v('home_phone_guardian', 7),
  v('business_phone_guardian', 7),
  v('mobile_phone_guardian', 7),
  v('email_guardian', 50),
  v('id_card_guardian', 20),
  f('mother_section'),
  f('father_section'),
  f('guardian_section'),
  v('living_status', 20),
  v('no_in_family', 2),
  v('no_at_home', 2),
  v('place_in_family', 2),
  v('emergency_contact', 50),
  v('emergency_home_phone', 7),
  v('emergency_work_place', 50),
  v('emergency_work_phone', 7),
  v('relative_in_school', 50),
  v('relation_to_child', 30),
  ...[
    'hepatitis',
    'polio',
    'diphtheria',
    'tetanus',
    'yellow_fever',
    'measles',
    'tb',
    'chicken_pox',
    'typhoid',
    'rheumatic_fever',
  ].map(f),
  ...['poor_eyesight', 'poor_hearing', 'diabetes', 'asthma', 'epilepsy'].map(f),
  t('medical_history'),
  t('other_illness'),
  t('allergy'),
  ...[
    'dyslexia',
    'dyscalculia',
    'dysgraphia',
    'non_verbal',
    'apraxia',
    'attention_deficit',
    'adhd',
    'autism',
    'cerebral_palsy',
    'other',
  ].map(f),
  v('other_learning_disablity', 255),
  t('special_consideration'),
  t('achievements'),
  v('device_type', 10),
  f('internet_access'),
  f('school_feeding'),
  f('transport'),
  stamp('created_at'),
  stamp('updated_at'),
];

export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'students',
        columns: STUDENT_COLUMNS,
        indices: [
          { name: 'IDX_students_class', columnNames: ['class_id'] },
          { name: 'IDX_students_first_name', columnNames: ['first_name'] },
          { name: 'IDX_students_last_name', columnNames: ['last_name'] },
          { name: 'IDX_students_birth_pin', columnNames: ['birth_certificate_no'] },
          { name: 'IDX_students_updated', columnNames: ['updated_at'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'users',
        columns: [
          autoId,
          v('role', 10, false),
          v('student_id', 20),
          v('username', 50),
          v('display_name', 80, false),
          v('password_hash', 100, false),
          f('password_reset'),
          stamp('password_changed_at', true),
          stamp('created_at'),
          stamp('updated_at'),
        ],
        uniques: [
          { name: 'UQ_users_student_id', columnNames: ['student_id'] },
          { name: 'UQ_users_username', columnNames: ['username'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { ...v('sid', 128, false), isPrimary: true },
          i('user_id'),
          { name: 'sess', type: 'text', isNullable: false },
          big('expires_at'),
        ],
        indices: [
          { name: 'IDX_sessions_user', columnNames: ['user_id'] },
          { name: 'IDX_sessions_expires', columnNames: ['expires_at'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'login_throttle',
        columns: [
          { ...v('login_key', 80, false), isPrimary: true },
          f('failures'),
          f('lockouts'),
          big('locked_until', 0),
          big('updated_at', 0),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          autoId,
          stamp('created_at'),
          i('actor_user_id'),
          v('actor', 80, false),
          v('action', 40, false),
          v('entity', 40, false),
          v('entity_id', 40),
          v('field', 60),
          t('old_value'),
          t('new_value'),
        ],
        indices: [
          { name: 'IDX_audit_action', columnNames: ['action'] },
          { name: 'IDX_audit_entity_id', columnNames: ['entity_id'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'form_classes',
        columns: [{ ...v('class_id', 10, false), isPrimary: true }, i('form_level', false)],
      }),
    );
    await q.createTable(
      new Table({
        name: 'towns',
        columns: [autoId, v('town_name', 100, false)],
        uniques: [{ name: 'UQ_towns_name', columnNames: ['town_name'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'regional_corporations',
        columns: [autoId, v('title', 100, false)],
        uniques: [{ name: 'UQ_regions_title', columnNames: ['title'] }],
      }),
    );
    await q.createTable(
      new Table({ name: 'religions', columns: [{ ...i('code', false), isPrimary: true }, v('religion', 60, false)] }),
    );
    await q.createTable(
      new Table({
        name: 'ethnic_groups',
        columns: [{ ...i('id', false), isPrimary: true }, v('group_type', 60, false)],
      }),
    );
    await q.createTable(
      new Table({ name: 'houses', columns: [{ ...i('id', false), isPrimary: true }, v('name', 60, false)] }),
    );
    await q.createTable(
      new Table({
        name: 'registration_status',
        columns: [
          { ...i('id', false), isPrimary: true },
          { name: 'open', type: 'int', isNullable: false, default: 1 },
          v('deadline', 10),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'registration_status',
      'houses',
      'ethnic_groups',
      'religions',
      'regional_corporations',
      'towns',
      'form_classes',
      'audit_log',
      'login_throttle',
      'sessions',
      'users',
      'students',
    ]) {
      await q.dropTable(table);
    }
  }
}
