import { describe, expect, it } from 'vitest';
import { LIVING_STATUSES } from '../../../../../../shared/constants.js';
import { impliedSections, SECTIONS_OF_STATUS, visibleSections } from './family-visibility.js';

describe('impliedSections', () => {
  it('names the sections each living status shows by itself', () => {
    expect(impliedSections('Both Parents')).toEqual(['mother', 'father']);
    expect(impliedSections('Mother Only')).toEqual(['mother']);
    expect(impliedSections('Father Only')).toEqual(['father']);
    expect(impliedSections('Guardian')).toEqual(['guardian']);
    expect(impliedSections('Other')).toEqual([]);
  });

  it('shows nothing for no status or one it does not know', () => {
    expect(impliedSections(undefined)).toEqual([]);
    expect(impliedSections('Grandmother')).toEqual([]);
  });

  it('covers every living status the form offers', () => {
    expect(Object.keys(SECTIONS_OF_STATUS).sort()).toEqual([...LIVING_STATUSES].sort());
  });
});

describe('visibleSections', () => {
  it('shows nothing, demographics included, before a status or a tick', () => {
    expect(visibleSections({})).toEqual({ mother: false, father: false, guardian: false, demographics: false });
  });

  it('shows the sections the status names, and the demographics with them', () => {
    expect(visibleSections({ living_status: 'Both Parents' })).toEqual({
      mother: true,
      father: true,
      guardian: false,
      demographics: true,
    });
  });

  it("adds a section whose own box is ticked to the status's sections", () => {
    expect(visibleSections({ living_status: 'Mother Only', guardian_section: 1 })).toEqual({
      mother: true,
      father: false,
      guardian: true,
      demographics: true,
    });
    expect(visibleSections({ living_status: 'Other', father_section: 1, mother_section: 0 })).toEqual({
      mother: false,
      father: true,
      guardian: false,
      demographics: true,
    });
  });

  it('an unticked box does not hide a section the status names', () => {
    expect(visibleSections({ living_status: 'Guardian', guardian_section: 0 }).guardian).toBe(true);
  });
});
