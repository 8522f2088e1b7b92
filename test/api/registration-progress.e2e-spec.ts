import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../server/common/time.js';
import { schoolStudent } from '../../server/ops/seed-school.js';
import type { RegistrationProgressOverview } from '../../shared/admin-types.js';
import { ApiClient, signedInAdmin, signedInStudent, expectStatus } from '../fixtures/api-client.js';
import { samplePdf, SAMPLE_JPEG } from '../fixtures/files.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

let t: TestApp;
let admin: ApiClient;
let student: ApiClient;
let visitor: ApiClient;

function upload(client: ApiClient, studentId: string, type: string, file: Buffer, name: string) {
  return client.agent
    .post('/api/store-file')
    .set('X-XSRF-TOKEN', client.xsrfToken())
    .field('id', studentId)
    .field('file_type', type)
    .attach('file', file, name)
    .expect(200);
}

/** Every field the registration needs, from the load-test school's "every step" student. */
function complete(n: number) {
  const {
    id: _id,
    class_id: _c,
    first_name: _f,
    last_name: _l,
    date_of_birth: _d,
    created_at: _ca,
    updated_at: _ua,
    ...rest
  } = schoolStudent(n, 2, nowIso());
  return rest;
}

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  await createStudent(t, {
    id: '20265001',
    first_name: 'Priya',
    last_name: 'Maharaj',
    class_id: '1A',
    password: 'Priya-Pass-2026',
    extra: complete(1),
  });
  // Everything but the agreement, and only two documents.
  await createStudent(t, {
    id: '20265002',
    first_name: 'Renee',
    last_name: 'Boodoo',
    class_id: '1A',
    extra: { ...complete(2), agree_terms_conditions: 0 },
  });
  await createStudent(t, { id: '20265003', first_name: 'Shania', last_name: 'Mitchell', class_id: '2A' });
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
  for (const type of ['birth_certificate', 'immunization_card', 'sea_slip'])
    await upload(admin, '20265001', type, samplePdf(type), `${type}.pdf`);
  await upload(admin, '20265001', 'picture', SAMPLE_JPEG, 'me.jpg');
  await upload(admin, '20265002', 'birth_certificate', samplePdf('bc'), 'bc.pdf');
  await upload(admin, '20265002', 'picture', SAMPLE_JPEG, 'me.jpg');
  student = await signedInStudent(t, '20265001', 'Priya-Pass-2026');
  visitor = await new ApiClient(t).primeCsrf();
});
afterAll(() => t.close());

describe('GET /api/registration-progress', () => {
  it('counts per class each step and document, and lists who has not finished', async () => {
    const res = await admin.get('/api/registration-progress').expect(200);
    const body = res.body as RegistrationProgressOverview;
    expect(body.total).toBe(3);
    expect(body.complete).toBe(1);
    const [a, b] = body.classes;
    expect(body.classes.map((c) => c.class_id)).toEqual(['1A', '2A']);
    expect(a).toMatchObject({
      total: 2,
      complete: 1,
      steps: { studentData: 2, familyData: 2, healthData: 2, otherData: 2, documents: 1, submit: 1 },
      documents: {
        birth_certificate: 2,
        immunization_card: 1,
        immunization_covid: 0,
        sea_slip: 1,
        picture: 2,
        immigration_permit: 0,
      },
    });
    expect(a.incomplete).toEqual([
      {
        id: '20265002',
        name: 'Boodoo, Renee',
        completed: 4,
        missing_steps: ['documents', 'submit'],
        missing_documents: ['immunization_card', 'sea_slip'],
      },
    ]);
    expect(b).toMatchObject({ total: 1, complete: 0, steps: { studentData: 0, documents: 0 } });
    expect(b.incomplete[0]).toMatchObject({
      id: '20265003',
      completed: 0,
      missing_documents: ['birth_certificate', 'immunization_card', 'sea_slip', 'picture'],
    });
    expect(body.steps.studentData).toBe(2);
    expect(body.documents.picture).toBe(2);
  });

  it('is refused to a student (403) and a visitor (401)', async () => {
    await expectStatus(student.get('/api/registration-progress'), 403);
    await expectStatus(visitor.get('/api/registration-progress'), 401);
  });
});
