import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { StudentStatus } from '../../../shared/school-year.js';

// The whole registration record of docs/product.md §3 (student, family, health, other data) in one row: it is read
// and written as one record, and partial saves touch single columns. Dates are 'YYYY-MM-DD' strings
// and timestamps ISO-8601 strings, so SQLite and MariaDB store and return exactly the same values.

const str = (length: number) => ({ type: 'varchar' as const, length, nullable: true });
const flag = () => ({ type: 'int' as const, default: 0 });
const text = () => ({ type: 'text' as const, nullable: true });

@Entity('students')
export class Student {
  @PrimaryColumn({ type: 'varchar', length: 20 }) id: string;
  @Index('IDX_students_class') @Column(str(10)) class_id: string | null;
  @Column({ type: 'int', nullable: true }) house_code: number | null;
  @Index('IDX_students_first_name') @Column(str(20)) first_name: string | null;
  @Index('IDX_students_last_name') @Column(str(20)) last_name: string | null;
  @Column(str(20)) middle_name: string | null;
  @Column(str(6)) sex: string | null;
  @Column(str(100)) home_address: string | null;
  @Column(str(100)) address_line_2: string | null;
  @Column(str(100)) regional_corporation: string | null;
  @Column(str(7)) phone_home: string | null;
  @Column(str(50)) email: string | null;
  @Column(str(3)) blood_type: string | null;
  @Column(str(50)) previous_school: string | null;
  @Column(str(15)) sea_no: string | null;
  @Column({ type: 'int', nullable: true }) religion_code: number | null;
  @Column({ type: 'int', nullable: true }) ethnic_group_code: number | null;
  @Index('IDX_students_birth_pin') @Column(str(15)) birth_certificate_no: string | null;
  @Column(str(10)) date_of_birth: string | null;
  @Column(str(25)) place_of_birth: string | null;
  @Column(str(25)) nationality: string | null;
  @Column(flag()) immigration_permit: 0 | 1;
  @Column(str(30)) immigration_permit_no: string | null;
  @Column(str(10)) immigration_permit_issued: string | null;
  @Column(str(10)) immigration_permit_expiry: string | null;
  @Column(flag()) terms_and_conditions: 0 | 1;
  @Column(flag()) agree_terms_conditions: 0 | 1;
  /** Which version of the terms she agreed to and when: written by the server only (TermsService). */
  @Column({ type: 'int', nullable: true }) terms_version: number | null;
  @Column(str(24)) terms_agreed_at: string | null;

  // Family: mother
  @Column(str(35)) mother_name: string | null;
  @Column(str(10)) mother_marital_status: string | null;
  @Column(str(255)) mother_home_address: string | null;
  @Column(str(35)) mother_occupation: string | null;
  @Column(str(50)) mother_business_place: string | null;
  @Column(str(50)) mother_business_address: string | null;
  @Column(str(7)) mother_phone_home: string | null;
  @Column(str(7)) mother_business_phone: string | null;
  @Column(str(7)) mobile_phone_mother: string | null;
  @Column(str(50)) email_mother: string | null;
  @Column(str(20)) id_card_mother: string | null;
  // Family: father
  @Column(str(35)) father_name: string | null;
  @Column(str(10)) father_marital_status: string | null;
  @Column(str(255)) father_home_address: string | null;
  @Column(str(35)) father_occupation: string | null;
  @Column(str(50)) father_business_place: string | null;
  @Column(str(50)) father_business_address: string | null;
  @Column(str(7)) father_phone_home: string | null;
  @Column(str(7)) father_business_phone: string | null;
  @Column(str(7)) mobile_phone_father: string | null;
  @Column(str(50)) email_father: string | null;
  @Column(str(20)) id_card_father: string | null;
  // Family: guardian
  @Column(str(30)) guardian_name: string | null;
  @Column(str(10)) guardian_marital_status: string | null;
  @Column(str(255)) home_address_guardian: string | null;
  @Column(str(50)) guardian_occupation: string | null;
  @Column(str(50)) guardian_business_place: string | null;
  @Column(str(50)) guardian_business_address: string | null;
  @Column(str(7)) home_phone_guardian: string | null;
  @Column(str(7)) business_phone_guardian: string | null;
  @Column(str(7)) mobile_phone_guardian: string | null;
  @Column(str(50)) email_guardian: string | null;
  @Column(str(20)) id_card_guardian: string | null;
  // Family: which sections the family chose to show (docs/product.md §4 per-parent checkboxes)
  @Column(flag()) mother_section: 0 | 1;
  @Column(flag()) father_section: 0 | 1;
  @Column(flag()) guardian_section: 0 | 1;
  // Family: demographics and emergency contact
  @Column(str(20)) living_status: string | null;
  @Column(str(2)) no_in_family: string | null;
  @Column(str(2)) no_at_home: string | null;
  @Column(str(2)) place_in_family: string | null;
  @Column(str(50)) emergency_contact: string | null;
  @Column(str(7)) emergency_home_phone: string | null;
  @Column(str(50)) emergency_work_place: string | null;
  @Column(str(7)) emergency_work_phone: string | null;
  @Column(str(50)) relative_in_school: string | null;
  @Column(str(30)) relation_to_child: string | null;

  // Health: immunizations
  @Column(flag()) hepatitis: 0 | 1;
  @Column(flag()) polio: 0 | 1;
  @Column(flag()) diphtheria: 0 | 1;
  @Column(flag()) tetanus: 0 | 1;
  @Column(flag()) yellow_fever: 0 | 1;
  @Column(flag()) measles: 0 | 1;
  @Column(flag()) tb: 0 | 1;
  @Column(flag()) chicken_pox: 0 | 1;
  @Column(flag()) typhoid: 0 | 1;
  @Column(flag()) rheumatic_fever: 0 | 1;
  // Health: conditions
  @Column(flag()) poor_eyesight: 0 | 1;
  @Column(flag()) poor_hearing: 0 | 1;
  @Column(flag()) diabetes: 0 | 1;
  @Column(flag()) asthma: 0 | 1;
  @Column(flag()) epilepsy: 0 | 1;
  @Column(text()) medical_history: string | null;
  @Column(text()) other_illness: string | null;
  @Column(text()) allergy: string | null;
  // Health: learning challenges (hidden in the form unless SHOW_LEARNING_CHALLENGES)
  @Column(flag()) dyslexia: 0 | 1;
  @Column(flag()) dyscalculia: 0 | 1;
  @Column(flag()) dysgraphia: 0 | 1;
  @Column(flag()) non_verbal: 0 | 1;
  @Column(flag()) apraxia: 0 | 1;
  @Column(flag()) attention_deficit: 0 | 1;
  @Column(flag()) adhd: 0 | 1;
  @Column(flag()) autism: 0 | 1;
  @Column(flag()) cerebral_palsy: 0 | 1;
  @Column(flag()) other: 0 | 1;
  @Column(str(255)) other_learning_disablity: string | null;

  // Other data
  @Column(text()) special_consideration: string | null;
  @Column(text()) achievements: string | null;
  @Column(str(10)) device_type: string | null;
  @Column(flag()) internet_access: 0 | 1;
  @Column(flag()) school_feeding: 0 | 1;
  @Column(flag()) transport: 0 | 1;

  @Column({ type: 'varchar', length: 24 }) created_at: string;
  @Index('IDX_students_updated') @Column({ type: 'varchar', length: 24 }) updated_at: string;

  // Her standing at the school (docs/product.md §12): 'current', or a former student ('graduated', 'left') since
  // left_on, for the reason given. Written by the rollover only.
  @Index('IDX_students_status') @Column({ type: 'varchar', length: 10, default: 'current' }) status: StudentStatus;
  @Column(str(10)) left_on: string | null;
  @Column(str(200)) leaving_reason: string | null;
  /** When her personal data was deleted (docs/product.md §12.4): only the register columns are left. */
  @Column(str(24)) scrubbed_at: string | null;
}
