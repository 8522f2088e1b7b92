import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';

// The lookup lists of docs/product.md §3. Small, read-mostly tables seeded from server/app/seeds/lookups.data.ts.

@Entity('form_classes')
export class FormClass {
  @PrimaryColumn({ type: 'varchar', length: 10 }) class_id: string;
  @Column({ type: 'int' }) form_level: number;
}

@Entity('towns')
@Unique('UQ_towns_name', ['town_name'])
export class Town {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 100 }) town_name: string;
}

@Entity('regional_corporations')
@Unique('UQ_regions_title', ['title'])
export class RegionalCorporation {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 100 }) title: string;
}

@Entity('religions')
export class Religion {
  @PrimaryColumn({ type: 'int' }) code: number;
  @Column({ type: 'varchar', length: 60 }) religion: string;
}

@Entity('ethnic_groups')
export class EthnicGroup {
  @PrimaryColumn({ type: 'int' }) id: number;
  @Column({ type: 'varchar', length: 60 }) group_type: string;
}

@Entity('houses')
export class House {
  @PrimaryColumn({ type: 'int' }) id: number;
  @Column({ type: 'varchar', length: 60 }) name: string;
}
