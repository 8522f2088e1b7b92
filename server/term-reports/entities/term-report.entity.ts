import { Column, Entity, ForeignKey, Index, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Student } from '../../students/entities/student.entity.js';

/** A student's end-of-term report: the class she was in that term and the summary of the card. */
@Entity('term_reports')
@Unique('UQ_term_reports_student_term', ['student_id', 'year', 'term'])
@Index('IDX_term_reports_class_term', ['year', 'term', 'class_id'])
export class TermReport {
  @PrimaryGeneratedColumn() id: number;
  @ForeignKey(() => Student, { name: 'FK_term_reports_student', onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @Column({ type: 'varchar', length: 20 })
  student_id: string;
  /** the academic year's start year: 2025 is '2025-2026' */
  @Column({ type: 'int' }) year: number;
  @Column({ type: 'int' }) term: number;
  @Column({ type: 'varchar', length: 10 }) class_id: string;
  @Column({ type: 'int' }) form_level: number;
  @Column({ type: 'int', nullable: true }) days_absent: number | null;
  @Column({ type: 'int', nullable: true }) times_late: number | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) conduct: string | null;
  @Column({ type: 'text', nullable: true }) form_teacher_remarks: string | null;
  @Column({ type: 'text', nullable: true }) principal_remarks: string | null;
  /** 'YYYY-MM-DD' */
  @Column({ type: 'varchar', length: 10, nullable: true }) next_term_begins: string | null;
  @Column({ type: 'varchar', length: 24 }) created_at: string;
  @Column({ type: 'varchar', length: 24 }) updated_at: string;
}

/** One subject on a term report. */
@Entity('term_report_lines')
export class TermReportLine {
  @PrimaryGeneratedColumn() id: number;
  @Index('IDX_term_report_lines_report')
  @ForeignKey(() => TermReport, { name: 'FK_term_report_lines_report', onDelete: 'CASCADE' })
  @Column({ type: 'int' })
  term_report_id: number;
  /** the order of the lines as imported */
  @Column({ type: 'int' }) position: number;
  @Column({ type: 'varchar', length: 60 }) subject: string;
  /** the mark out of 100 in tenths (78.5 → 785), so SQLite and MariaDB return the same integer */
  @Column({ type: 'int', nullable: true }) mark_tenths: number | null;
  @Column({ type: 'varchar', length: 5, nullable: true }) grade: string | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) comment: string | null;
  @Column({ type: 'varchar', length: 60, nullable: true }) teacher: string | null;
}

/**
 * Whether a year's term is posted (students may read its report cards) and when. Owned by PostingsRepository, as
 * are the class postings below; the holds by HoldsRepository, the reports and their lines by TermReportsRepository.
 */
@Entity('term_report_postings')
export class TermReportPosting {
  @PrimaryColumn({ type: 'int' }) year: number;
  @PrimaryColumn({ type: 'int' }) term: number;
  @Column({ type: 'int', default: 0 }) posted: number;
  /** 'YYYY-MM-DD HH:mm:ss' in the school's time zone (the release time when scheduled), null when not posted */
  @Column({ type: 'varchar', length: 19, nullable: true }) date_posted: string | null;
  /** ISO instant from which students see it; null: from the posting itself */
  @Column({ type: 'varchar', length: 24, nullable: true }) release_at: string | null;
  /** when the families were told (at the release); null until then, and again after a removal */
  @Column({ type: 'varchar', length: 24, nullable: true }) notified_at: string | null;
  @Column({ type: 'varchar', length: 24 }) updated_at: string;
}

/**
 * One class's own posting in a term, which overrides the term's for that class (its reports as they were that
 * term: term_reports.class_id). A whole-term removal clears these rows; a whole-term posting clears those not posted
 * (PostingsService.setTerm).
 */
@Entity('term_report_class_postings')
export class TermReportClassPosting {
  @PrimaryColumn({ type: 'int' }) year: number;
  @PrimaryColumn({ type: 'int' }) term: number;
  @PrimaryColumn({ type: 'varchar', length: 10 }) class_id: string;
  @Column({ type: 'int', default: 0 }) posted: number;
  @Column({ type: 'varchar', length: 19, nullable: true }) date_posted: string | null;
  @Column({ type: 'varchar', length: 24, nullable: true }) release_at: string | null;
  @Column({ type: 'varchar', length: 24, nullable: true }) notified_at: string | null;
  @Column({ type: 'varchar', length: 24 }) updated_at: string;
}

/** A student's card held back for a term: she sees the term as not posted until the hold is lifted. */
@Entity('term_report_holds')
export class TermReportHoldRow {
  @PrimaryColumn({ type: 'varchar', length: 20 }) student_id: string;
  @PrimaryColumn({ type: 'int' }) year: number;
  @PrimaryColumn({ type: 'int' }) term: number;
  @Column({ type: 'varchar', length: 200 }) reason: string;
  @Column({ type: 'varchar', length: 80 }) held_by: string;
  @Column({ type: 'varchar', length: 24 }) held_at: string;
}
