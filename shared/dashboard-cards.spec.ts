import { describe, expect, it } from 'vitest';
import { returningRegistrationCard } from './dashboard-cards.js';

describe('Edit/View Registration of a returning student', () => {
  it('says the same count and next step as her round', () => {
    expect(returningRegistrationCard(2027, { left: 4, next: 'healthData' })).toEqual({
      target: 'healthData',
      title: 'Edit/View Registration',
      lines: ['Registration 2027-2028', '4 of 6 steps to confirm.'],
      text: 'Continue with Step 3: Medical Data.',
    });
  });
});
