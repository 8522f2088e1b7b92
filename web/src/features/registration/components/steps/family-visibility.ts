import type { LIVING_STATUSES } from '../../../../../../shared/constants.js';

type LivingStatus = (typeof LIVING_STATUSES)[number];
export type ParentSection = 'mother' | 'father' | 'guardian';

/** docs/product.md §4: which sections a living status shows by itself. */
export const SECTIONS_OF_STATUS: Record<LivingStatus, ParentSection[]> = {
  'Both Parents': ['mother', 'father'],
  'Father Only': ['father'],
  'Mother Only': ['mother'],
  Guardian: ['guardian'],
  Other: [],
};

export interface FamilyChoice {
  living_status?: string;
  mother_section?: number;
  father_section?: number;
  guardian_section?: number;
}

export function impliedSections(livingStatus: string | undefined): ParentSection[] {
  return SECTIONS_OF_STATUS[livingStatus as LivingStatus] ?? [];
}

/**
 * docs/product.md §4 living status rules: a section shows when the living status names it or its own checkbox is
 * ticked; demographics and emergency contact show when any parent section does.
 */
export function visibleSections(choice: FamilyChoice): Record<ParentSection | 'demographics', boolean> {
  const implied = impliedSections(choice.living_status);
  const mother = implied.includes('mother') || choice.mother_section === 1;
  const father = implied.includes('father') || choice.father_section === 1;
  const guardian = implied.includes('guardian') || choice.guardian_section === 1;
  return { mother, father, guardian, demographics: mother || father || guardian };
}
