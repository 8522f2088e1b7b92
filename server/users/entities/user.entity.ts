import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { Role } from '../../../shared/api-types.js';

/**
 * A sign-in account: a student (by student_id), an administrator (by username) or a guardian (by her e-mail
 * address, lower case, in username; docs/product.md §11).
 */
@Entity('users')
@Unique('UQ_users_student_id', ['student_id'])
@Unique('UQ_users_username', ['username'])
export class User {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 10 }) role: Role;
  @Column({ type: 'varchar', length: 20, nullable: true }) student_id: string | null;
  @Column({ type: 'varchar', length: 254, nullable: true }) username: string | null;
  @Column({ type: 'varchar', length: 80 }) display_name: string;
  @Column({ type: 'varchar', length: 100 }) password_hash: string;
  /** 1 while the password is still the date of birth and must be changed before anything else. */
  @Column({ type: 'int', default: 0 }) password_reset: number;
  @Column({ type: 'varchar', length: 24, nullable: true }) password_changed_at: string | null;
  /**
   * An administrator's own address, for a forgotten password; a guardian's sign-in address (students' addresses
   * live on their record).
   */
  @Column({ type: 'varchar', length: 254, nullable: true }) email: string | null;
  @Column({ type: 'varchar', length: 24 }) created_at: string;
  @Column({ type: 'varchar', length: 24 }) updated_at: string;
}
