import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { ClassRuleAction, StudentStatus } from '../../../shared/school-year.js';

// The school year's tables (docs/product.md §12), owned by server/school-year.

/** One row (id 1) once the school has rolled over: the current school year by its start year. */
@Entity('school_years')
export class SchoolYearRow {
  @PrimaryColumn({ type: 'int' }) id: number;
  @Column({ type: 'int' }) year: number;
  @Column({ type: 'varchar', length: 24 }) set_at: string;
}

/** A class's next class at rollover, set by the office; a class without a row follows the default rule. */
@Entity('class_rules')
export class ClassRule {
  @PrimaryColumn({ type: 'varchar', length: 10 }) class_id: string;
  @Column({ type: 'varchar', length: 10 }) action: ClassRuleAction;
  @Column({ type: 'varchar', length: 10, nullable: true }) next_class_id: string | null;
}

/** The school's register of classes by year: her class in a past school year, written at each rollover. */
@Entity('student_classes')
export class StudentClass {
  @PrimaryColumn({ type: 'varchar', length: 20 }) student_id: string;
  @PrimaryColumn({ type: 'int' }) year: number;
  @Column({ type: 'varchar', length: 10, nullable: true }) class_id: string | null;
}

/** A rollover and what it changed beside the students, kept so that it can be undone exactly. */
@Entity('rollovers')
export class Rollover {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) from_year: number;
  @Column({ type: 'int' }) to_year: number;
  /** when it began, on the audit trail's clock: the undo counts saves written while it ran too (§12.2) */
  @Column({ type: 'varchar', length: 24 }) rolled_at: string;
  @Column({ type: 'varchar', length: 400 }) actor: string;
  /** the newest audit entry when the rollover ended (read last): a later save in the new year ends the undo */
  @Column({ type: 'int', nullable: true }) last_audit_id: number | null;
  @Column({ type: 'int', default: 0 }) registration_open_before: number;
  @Column({ type: 'varchar', length: 10, nullable: true }) registration_deadline_before: string | null;
  /** JSON: the class_rules rows before */
  @Column({ type: 'text', nullable: true }) rules_before: string | null;
  /** JSON: the classes the rollover created (not those it found, whatever their case) */
  @Column({ type: 'text', nullable: true }) classes_created: string | null;
  @Column({ type: 'varchar', length: 24, nullable: true }) undone_at: string | null;
}

/** A student as she stood before a rollover changed her. */
@Entity('rollover_students')
export class RolloverStudent {
  @PrimaryGeneratedColumn() id: number;
  @Index('IDX_rollover_students_rollover') @Column({ type: 'int' }) rollover_id: number;
  @Column({ type: 'varchar', length: 20 }) student_id: string;
  @Column({ type: 'varchar', length: 10, nullable: true }) class_id: string | null;
  @Column({ type: 'varchar', length: 10 }) status: StudentStatus;
  @Column({ type: 'varchar', length: 10, nullable: true }) left_on: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) leaving_reason: string | null;
}
