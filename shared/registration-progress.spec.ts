import { describe, expect, it } from 'vitest';
import {
  familySectionsShown,
  firstIncompleteStep,
  isRegistrationComplete,
  registrationProgress,
  requiredDocuments,
} from './registration-progress.js';

const complete = {
  first_name: 'Ann',
  last_name: 'Lee',
  sex: 'Female',
  date_of_birth: '2013-01-01',
  birth_certificate_no: 'EBP1',
  home_address: '1 Main Rd',
  address_line_2: 'Arima',
  place_of_birth: 'Trinidad',
  nationality: 'Trinidadian',
  immigration_permit: 0,
  living_status: 'Both Parents',
  mother_name: 'Mary',
  mobile_phone_mother: '1234567',
  father_name: 'John',
  father_phone_home: '7654321',
  emergency_contact: 'Aunt',
  emergency_home_phone: '1112222',
  polio: 1,
  device_type: 'None',
  agree_terms_conditions: 1,
};
const allDocs = ['birth_certificate', 'immunization_card', 'sea_slip', 'picture'];

describe('registrationProgress', () => {
  it('counts a fully answered record with its documents as six complete steps', () => {
    const p = registrationProgress(complete, allDocs);
    expect(p.completed).toBe(6);
    expect(Object.values(p.steps).every((s) => s.complete && s.missing.length === 0)).toBe(true);
  });

  it('says what is missing, step by step', () => {
    const p = registrationProgress({ first_name: 'Ann', last_name: '  ', date_of_birth: '2013-01-01' }, ['picture']);
    expect(p.completed).toBe(0);
    expect(p.steps.studentData.missing).toEqual([
      'Last Name',
      'Sex',
      'Electronic Birth Pin',
      'Home Address',
      'Town',
      'Country of Birth',
      'Nationality',
    ]);
    expect(p.steps.familyData.missing).toEqual(['Living Status', 'Emergency Contact', 'Emergency Contact Phone']);
    expect(p.steps.healthData.missing).toEqual(['Immunizations or medical history']);
    expect(p.steps.otherData.missing).toEqual(['Device Type']);
    expect(p.steps.documents.missing).toEqual(['Birth Certificate', 'Immunization Card', 'SEA Slip']);
    expect(p.steps.submit.missing).toEqual(['Agreement to the terms and conditions']);
  });

  it('asks for each family section shown, by living status or its own tick', () => {
    expect(familySectionsShown({ living_status: 'Guardian', mother_section: 1 })).toEqual({
      mother: true,
      father: false,
      guardian: true,
    });
    const p = registrationProgress(
      { ...complete, living_status: 'Guardian', guardian_section: 0, guardian_name: 'Gina' },
      allDocs,
    );
    expect(p.steps.familyData.missing).toEqual(['Guardian: a Phone Number']);
  });

  it('needs the immigration permit and its number only when the switch is on; the COVID-19 card never', () => {
    expect(requiredDocuments(complete)).toEqual(allDocs);
    const withPermit = { ...complete, immigration_permit: 1 };
    expect(requiredDocuments(withPermit)).toEqual([...allDocs, 'immigration_permit']);
    const p = registrationProgress(withPermit, allDocs);
    expect(p.steps.studentData.missing).toEqual(['Immigration Permit Number']);
    expect(p.steps.documents.missing).toEqual(['Immigration Permit']);
  });

  it('counts the medical step once it says something', () => {
    expect(registrationProgress({ ...complete, polio: 0, allergy: 'Dust' }, allDocs).steps.healthData.complete).toBe(
      true,
    );
  });

  it('says where each missing thing is filled in: a field of the form, or a document slot', () => {
    const p = registrationProgress(
      { ...complete, mother_name: '', mobile_phone_mother: null, polio: 0, agree_terms_conditions: 0 },
      ['picture'],
    );
    expect(p.steps.familyData.items).toEqual([
      { label: 'Mother: Name', field: 'mother_name' },
      { label: 'Mother: a Phone Number', field: 'mobile_phone_mother' },
    ]);
    expect(p.steps.healthData.items).toEqual([{ label: 'Immunizations or medical history', field: 'hepatitis' }]);
    expect(p.steps.documents.items).toEqual([
      { label: 'Birth Certificate', document: 'birth_certificate' },
      { label: 'Immunization Card', document: 'immunization_card' },
      { label: 'SEA Slip', document: 'sea_slip' },
    ]);
    expect(p.steps.submit.items).toEqual([
      { label: 'Agreement to the terms and conditions', field: 'agree_terms_conditions' },
    ]);
    // The labels the admin views and the report print are the same words.
    expect(p.steps.familyData.missing).toEqual(p.steps.familyData.items.map((i) => i.label));
  });

  it('sends the emergency contact to the living status while no family section (so no emergency card) shows', () => {
    const p = registrationProgress({}, []);
    expect(p.steps.familyData.items).toEqual([
      { label: 'Living Status', field: 'living_status' },
      { label: 'Emergency Contact', field: 'living_status' },
      { label: 'Emergency Contact Phone', field: 'living_status' },
    ]);
    const shown = registrationProgress(
      { living_status: 'Mother Only', mother_name: 'Mary', mother_phone_home: '1234567' },
      [],
    );
    expect(shown.steps.familyData.items).toEqual([
      { label: 'Emergency Contact', field: 'emergency_contact' },
      { label: 'Emergency Contact Phone', field: 'emergency_home_phone' },
    ]);
  });

  it('answers "is she finished" and where to continue', () => {
    const done = registrationProgress(complete, allDocs);
    expect(isRegistrationComplete(done)).toBe(true);
    expect(firstIncompleteStep(done)).toBeNull();
    const half = registrationProgress({ ...complete, device_type: null }, []);
    expect(isRegistrationComplete(half)).toBe(false);
    expect(half.completed).toBe(4);
    expect(firstIncompleteStep(half)).toBe('otherData');
  });
});
