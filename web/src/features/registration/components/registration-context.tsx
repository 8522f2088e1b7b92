import { createContext, useContext } from 'react';
import type {
  EthnicGroupItem,
  FormClassItem,
  HouseItem,
  RegionItem,
  ReligionItem,
  TownItem,
} from '../../../../../shared/api-types.js';
import type { StudentRecord } from '../../../../../shared/student-fields.js';

export interface RegistrationLookups {
  formClasses: FormClassItem[];
  houses: HouseItem[];
  towns: TownItem[];
  regions: RegionItem[];
  religions: ReligionItem[];
  ethnicGroups: EthnicGroupItem[];
}

/** What every field of the open registration form needs: whose record, may it change, the lists. */
export interface RegistrationContextValue {
  studentId: string;
  /** The record as last saved (the query cache, updated by each field's save). */
  record: StudentRecord;
  editable: boolean;
  isAdmin: boolean;
  /** 'YYYY-MM-DD' today, for the no-future-date rule. */
  today: string;
  lookups: RegistrationLookups;
  showLearningChallenges: boolean;
}

export const RegistrationContext = createContext<RegistrationContextValue | null>(null);

export function useRegistration(): RegistrationContextValue {
  const value = useContext(RegistrationContext);
  if (!value) throw new Error('useRegistration must be used inside <RegistrationForm>');
  return value;
}
