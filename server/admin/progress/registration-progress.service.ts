import { Injectable } from '@nestjs/common';
import type { ClassProgress, RegistrationProgressOverview } from '../../../shared/admin-types.js';
import { DOCUMENT_ORDER } from '../../../shared/documents.js';
import { registrationProgress, requiredDocuments } from '../../../shared/registration-progress.js';
import { REGISTRATION_STEPS } from '../../../shared/student-fields.js';
import { FilesService } from '../../files/files.service.js';
import { LookupsService } from '../../lookups/lookups.service.js';
import { RegistrationRoundService } from '../../registration-round/registration-round.service.js';
import { StudentsRepository } from '../../students/students.repository.js';

const zeros = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, 0]));

/**
 * Progress at a glance for the admin dashboard: the same step rules as the all-students report and
 * the student's stepper (shared/registration-progress.ts), counted per class. Whole rows are read so
 * that a rule reading another field never silently counts it as empty.
 */
@Injectable()
export class RegistrationProgressService {
  constructor(
    private readonly students: StudentsRepository,
    private readonly lookups: LookupsService,
    private readonly files: FilesService,
    private readonly rounds: RegistrationRoundService,
  ) {}

  async overview(): Promise<RegistrationProgressOverview> {
    const [students, classes, documents] = await Promise.all([
      // Current students only: a former student is not unfinished (docs/product.md §12.3).
      this.students.allRowsByName('current'),
      this.lookups.listFormClasses(),
      this.files.currentTypesByStudent(),
    ]);
    const byClass = new Map<string, ClassProgress>();
    const group = (classId: string): ClassProgress => {
      let g = byClass.get(classId);
      if (!g) {
        g = {
          class_id: classId,
          total: 0,
          complete: 0,
          steps: zeros(REGISTRATION_STEPS),
          documents: zeros(DOCUMENT_ORDER),
          incomplete: [],
          round: { confirmed: 0, changed_not_reviewed: 0, not_started: 0 },
        };
        byClass.set(classId, g);
      }
      return g;
    };
    for (const c of classes) group(c.class_id);
    const rounds = await this.rounds.summaries(students);
    for (const s of students) {
      const g = group(s.class_id ?? '');
      const round = rounds.get(s.id);
      if (round?.standing === 'confirmed') g.round.confirmed++;
      if (round?.standing === 'not_started') g.round.not_started++;
      if (round?.changes === 'not_reviewed') g.round.changed_not_reviewed++;
      const types = documents.get(s.id)?.types ?? new Set<string>();
      const p = registrationProgress(s, types);
      g.total++;
      for (const step of REGISTRATION_STEPS) if (p.steps[step].complete) g.steps[step]++;
      for (const t of types) if (t in g.documents) g.documents[t]++;
      if (p.completed === REGISTRATION_STEPS.length) {
        g.complete++;
      } else {
        g.incomplete.push({
          id: s.id,
          name: `${s.last_name ?? ''}, ${s.first_name ?? ''}`,
          completed: p.completed,
          missing_steps: REGISTRATION_STEPS.filter((step) => !p.steps[step].complete),
          missing_documents: requiredDocuments(s).filter((t) => !types.has(t)),
        });
      }
    }
    const list = [...byClass.values()].filter((g) => g.total > 0);
    for (const g of list) g.incomplete.sort((a, b) => a.completed - b.completed || a.name.localeCompare(b.name));
    const sum = (pick: (g: ClassProgress) => Record<string, number>, keys: readonly string[]) =>
      Object.fromEntries(keys.map((k) => [k, list.reduce((n, g) => n + pick(g)[k], 0)]));
    return {
      total: students.length,
      complete: list.reduce((n, g) => n + g.complete, 0),
      steps: sum((g) => g.steps, REGISTRATION_STEPS),
      documents: sum((g) => g.documents, DOCUMENT_ORDER),
      classes: list,
    };
  }
}
