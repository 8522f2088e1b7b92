import { describe, expect, it } from 'vitest';
import { registrationProgress } from '../../shared/registration-progress.js';
import { documentsState, type Marks, newStudentSteps, returningRound, roundSummary } from './round-states.js';

const mark = (state: 'confirmed' | 'changed', at = '2027-09-01T10:00:00.000Z') => ({ state, at });
const FILES = new Set(['birth_certificate', 'immunization_card', 'sea_slip', 'picture']);

describe('a returning student’s documents step', () => {
  it('is to confirm until every slot that has a file is kept or replaced', () => {
    const some: Marks = new Map([['document:picture', mark('confirmed')]]);
    expect(documentsState(some, FILES)).toEqual({ state: 'to_confirm', slots: { picture: 'kept' } });
  });

  it('with no file at all, is to confirm until she says so', () => {
    expect(documentsState(new Map(), new Set()).state).toBe('to_confirm');
    expect(documentsState(new Map([['documents', mark('confirmed')]]), new Set()).state).toBe('confirmed');
  });

  it('is confirmed when all are kept at once, changed when one was replaced', () => {
    expect(documentsState(new Map([['documents', mark('confirmed')]]), FILES).state).toBe('confirmed');
    const oneNew: Marks = new Map([
      ['documents', mark('confirmed')],
      ['document:immunization_card', mark('changed')],
    ]);
    expect(documentsState(oneNew, FILES)).toEqual({
      state: 'changed',
      slots: { birth_certificate: 'kept', immunization_card: 'replaced', sea_slip: 'kept', picture: 'kept' },
    });
  });
});

describe('a returning student’s round', () => {
  it('is complete only with every step confirmed or changed, this year’s terms agreed and nothing missing', () => {
    const marks: Marks = new Map(
      ['studentData', 'familyData', 'otherData', 'documents'].map((s) => [s, mark('confirmed')] as const),
    );
    const all = new Map([...marks, ['healthData', mark('changed')] as const]);
    const record = { agree_terms_conditions: 1 };
    const progress = registrationProgress(record, FILES);
    expect(returningRound(2027, record, progress, all, FILES).steps).toEqual({
      studentData: 'confirmed',
      familyData: 'confirmed',
      healthData: 'changed',
      otherData: 'confirmed',
      documents: 'confirmed',
      submit: 'agreed',
    });
    // The record itself is far from complete here: confirmed is not enough.
    expect(returningRound(2027, record, progress, all, FILES).complete).toBe(false);
    expect(returningRound(2027, { agree_terms_conditions: 0 }, progress, all, FILES).steps.submit).toBe('to_agree');
  });
});

describe('a new student’s steps', () => {
  it('are not started, in progress or complete, as her answers say', () => {
    const record = { first_name: 'Nia', device_type: 'Laptop' };
    const steps = newStudentSteps(record, registrationProgress(record, []), new Set());
    expect(steps).toMatchObject({
      studentData: 'in_progress',
      familyData: 'not_started',
      otherData: 'complete',
      documents: 'not_started',
      submit: 'not_started',
    });
  });
});

describe('the office’s summary', () => {
  const steps = ['studentData', 'familyData', 'healthData', 'otherData', 'documents'];
  it('is not started, in progress, or confirmed once every step is and the terms are agreed', () => {
    expect(roundSummary(new Map(), false, null)).toEqual({ standing: 'not_started', changes: 'none' });
    expect(roundSummary(new Map([['healthData', mark('confirmed')]]), false, null).standing).toBe('in_progress');
    const all: Marks = new Map(steps.map((s) => [s, mark('confirmed')]));
    expect(roundSummary(all, false, null).standing).toBe('in_progress');
    expect(roundSummary(all, true, null).standing).toBe('confirmed');
  });

  it('is not reviewed after a change, reviewed after the review, and not reviewed after a later change', () => {
    const changed: Marks = new Map([['healthData', mark('changed', '2027-09-02T08:00:00.000Z')]]);
    expect(roundSummary(changed, false, null).changes).toBe('not_reviewed');
    expect(roundSummary(changed, false, '2027-09-03T08:00:00.000Z').changes).toBe('reviewed');
    expect(roundSummary(changed, false, '2027-09-01T08:00:00.000Z').changes).toBe('not_reviewed');
  });
});
