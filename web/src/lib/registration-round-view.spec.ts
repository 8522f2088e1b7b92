import { describe, expect, it } from 'vitest';
import type { RegistrationRound } from '../../../shared/registration-round.js';
import {
  nextRoundStep,
  offersKeepFile,
  offersStillCorrect,
  roundCard,
  slotDecisionWord,
  stepAfter,
  stepsToDo,
} from './registration-round-view.js';

const FRESH: RegistrationRound = {
  year: 2027,
  returning: true,
  steps: {
    studentData: 'to_confirm',
    familyData: 'to_confirm',
    healthData: 'to_confirm',
    otherData: 'to_confirm',
    documents: 'to_confirm',
    submit: 'to_agree',
  },
  complete: false,
  documents: {},
};

const NEW_STUDENT: RegistrationRound = {
  year: 2027,
  returning: false,
  steps: {
    studentData: 'complete',
    familyData: 'in_progress',
    healthData: 'not_started',
    otherData: 'not_started',
    documents: 'not_started',
    submit: 'not_started',
  },
  complete: false,
  documents: {},
};

describe('the dashboard card of a registration round', () => {
  it('asks a returning family to confirm all six steps at the start, from Step 1', () => {
    const card = roundCard(FRESH);
    expect(card?.heading).toBe('2027-2028: confirm 6 steps');
    expect(card?.steps.map((s) => `${s.label}: ${s.word}`)).toEqual([
      'Step 1: Student Data: To confirm',
      'Step 2: Family Data: To confirm',
      'Step 3: Medical Data: To confirm',
      'Step 4: Other Data: To confirm',
      'Step 5: Upload Documents: To confirm',
      'Step 6: Complete: To agree',
    ]);
    expect(card?.next).toBe('studentData');
    expect(card?.action).toBe('Confirm Step 1: Student Data');
  });

  it('counts what is left and leads to the first step still to do', () => {
    const round: RegistrationRound = {
      ...FRESH,
      steps: { ...FRESH.steps, studentData: 'confirmed', familyData: 'changed', otherData: 'confirmed' },
    };
    const card = roundCard(round);
    expect(card?.heading).toBe('2027-2028: confirm 3 steps');
    expect(card?.next).toBe('healthData');
    expect(card?.steps.filter((s) => s.done).map((s) => s.word)).toEqual(['Confirmed', 'Changed', 'Confirmed']);
  });

  it('says "confirm 1 step" and leads to the agreement when only that is left', () => {
    const round: RegistrationRound = {
      ...FRESH,
      steps: {
        studentData: 'confirmed',
        familyData: 'confirmed',
        healthData: 'changed',
        otherData: 'confirmed',
        documents: 'confirmed',
        submit: 'to_agree',
      },
    };
    const card = roundCard(round);
    expect(card?.heading).toBe('2027-2028: confirm 1 step');
    expect(card?.action).toBe('Agree on Step 6: Complete');
  });

  it('leads to the Complete step when every step is done but the round is not complete (something missing)', () => {
    const round: RegistrationRound = {
      ...FRESH,
      steps: {
        studentData: 'confirmed',
        familyData: 'confirmed',
        healthData: 'confirmed',
        otherData: 'confirmed',
        documents: 'changed',
        submit: 'agreed',
      },
    };
    expect(nextRoundStep(round)).toBe('submit');
    expect(roundCard(round)?.heading).toBe('2027-2028: all confirmed');
    expect(roundCard(round)?.action).toBe('Open Step 6: Complete');
  });

  it('shows no card once the round is complete, for a new student, or before the round is known', () => {
    expect(roundCard({ ...FRESH, complete: true })).toBeNull();
    expect(nextRoundStep({ ...FRESH, complete: true })).toBeNull();
    expect(roundCard(NEW_STUDENT)).toBeNull();
    expect(roundCard(undefined)).toBeNull();
    expect(roundCard(null)).toBeNull();
  });
});

describe('the offers on the steps', () => {
  it('offers "Still correct" on a data step still to confirm only, for a returning student', () => {
    expect(offersStillCorrect(FRESH, 'studentData')).toBe(true);
    expect(offersStillCorrect(FRESH, 'otherData')).toBe(true);
    expect(offersStillCorrect(FRESH, 'documents')).toBe(true); // keeps every file at once (or each slot its own)
    expect(offersStillCorrect(FRESH, 'submit')).toBe(false); // the terms are agreed with the tick
    expect(offersStillCorrect({ ...FRESH, steps: { ...FRESH.steps, healthData: 'changed' } }, 'healthData')).toBe(
      false,
    );
    expect(offersStillCorrect(NEW_STUDENT, 'studentData')).toBe(false);
    expect(offersStillCorrect(undefined, 'studentData')).toBe(false);
  });

  it("offers to keep last year's file of a slot that has one and is not yet kept or replaced", () => {
    const round: RegistrationRound = { ...FRESH, documents: { birth_certificate: 'kept', picture: 'replaced' } };
    expect(offersKeepFile(round, 'immunization_card', true)).toBe(true);
    expect(offersKeepFile(round, 'immunization_card', false)).toBe(false);
    expect(offersKeepFile(round, 'birth_certificate', true)).toBe(false);
    expect(offersKeepFile(round, 'picture', true)).toBe(false);
    expect(offersKeepFile(NEW_STUDENT, 'immunization_card', true)).toBe(false);
    expect(slotDecisionWord(round, 'birth_certificate')).toBe("Last year's file kept");
    expect(slotDecisionWord(round, 'picture')).toBe('New file sent this year');
    expect(slotDecisionWord(round, 'immunization_card')).toBeNull();
  });

  it('goes on to the next step after a confirmation, and lists the steps still to do', () => {
    expect(stepAfter('studentData')).toBe('familyData');
    expect(stepAfter('otherData')).toBe('documents');
    expect(stepAfter('submit')).toBeNull();
    expect(stepsToDo({ ...FRESH, steps: { ...FRESH.steps, studentData: 'confirmed' } })).toEqual([
      'familyData',
      'healthData',
      'otherData',
      'documents',
      'submit',
    ]);
  });
});
