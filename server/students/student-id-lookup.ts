import { Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { StudentIdMatch } from '../../shared/api-types.js';
import { MESSAGES } from '../../shared/constants.js';
import { matchesFullName, searchWords } from '../../shared/student-search.js';
import { DbThrottlerStorage } from '../common/throttling/db-throttler-storage.js';
import { TooManyRequestsException } from '../common/too-many-requests.exception.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { StudentsRepository } from './students.repository.js';

/** 'Search for Student ID': off unless the operator turns it on; narrow and rate-limited when on. */
@Injectable()
export class StudentIdLookup {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly students: StudentsRepository,
    /** 5 searches per address per 15 minutes, counted in the database so that every instance shares it. */
    private readonly limiter: DbThrottlerStorage,
  ) {}

  /** `ip`: the caller's address, the key of the rate limit. */
  async find(name: string, ip: string): Promise<StudentIdMatch[]> {
    if (!this.config.studentIdLookup) throw new NotFoundException(MESSAGES.notFound);
    const hit = await this.limiter.increment(`student-id-lookup:${ip}`, 15 * 60_000, 5);
    if (hit.isBlocked) {
      throw new TooManyRequestsException(MESSAGES.tooManySearches, hit.timeToBlockExpire);
    }
    const typed = name.trim().split(/\s+/).filter(Boolean);
    const [first, last] = [typed[0] ?? '', typed.slice(1).join(' ')];
    // The words the rule matches (searchWords parts names at hyphens and apostrophes too): each name needs one of at
    // least 3 letters, so that "a'a b-b" is not a search for one-letter prefixes; a shorter word beside it, as the O
    // of O'Neil, only narrows the search, since every word must match.
    const words = [searchWords(first), searchWords(last)];
    if (
      !/^[\p{L}'-]+$/u.test(first) ||
      !/^[\p{L}' -]+$/u.test(last) ||
      words.some((w) => !w.some((word) => word.length >= 3))
    ) {
      throw new UnprocessableEntityException({
        message: 'Type at least 3 letters of the first name and 3 of the last name.',
        errors: { name: ['Type at least 3 letters of the first name and 3 of the last name.'] },
      });
    }
    // The office's rule (shared/student-search.ts), applied to the names read rather than in SQL, so that both
    // databases find the same girls: 'Nadia Baptiste' finds Nadia Thomas-Baptiste, 'Ali' never Aaliyah.
    // Only those who may sign in: a former student's account is closed (docs/product.md §12.3).
    const rows = await this.students.list(['first_name', 'last_name'], {
      standing: 'current',
      order: { last_name: 'ASC', first_name: 'ASC', id: 'ASC' },
    });
    return rows
      .filter((s) => matchesFullName(s, name))
      .slice(0, 5)
      .map((s) => ({ id: s.id, name: `${s.first_name ?? ''} ${s.last_name ?? ''}`.trim() }));
  }
}
