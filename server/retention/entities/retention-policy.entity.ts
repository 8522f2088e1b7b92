import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row (id 1) once the school has set it: how many years after leaving a former student's data is kept. */
@Entity('retention_policy')
export class RetentionPolicy {
  @PrimaryColumn({ type: 'int' }) id: number;
  @Column({ type: 'int' }) years_after_leaving: number;
}
