import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row (id 1): is registration open, and until when ('YYYY-MM-DD', exclusive). The registration window's. */
@Entity('registration_status')
export class RegistrationStatus {
  @PrimaryColumn({ type: 'int' }) id: number;
  @Column({ type: 'int', default: 1 }) open: number;
  @Column({ type: 'varchar', length: 10, nullable: true }) deadline: string | null;
}
