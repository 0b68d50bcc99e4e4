import { describe, expect, it } from 'vitest';
import { checklistItems, type AccountFacts } from '../../../common/gettingStarted';

// The checklist's state from an account's facts: each step is done exactly when its fact says so.

const NOTHING: AccountFacts = {
  externalSources: 0,
  warehouseTables: 0,
  datasets: 0,
  questionsAsked: false,
  dashboards: 0,
  shareLinks: 0,
  users: 1,
  branded: false,
};

const done = (facts: Partial<AccountFacts>) =>
  checklistItems({ ...NOTHING, ...facts })
    .filter((item) => item.done)
    .map((item) => item.step);

describe('getting-started checklist state', () => {
  it('has nothing done for a new account with its first admin', () => {
    expect(done({})).toEqual([]);
  });

  it.each([
    [{ externalSources: 1 }, ['connect']],
    [{ warehouseTables: 2 }, ['connect']],
    [{ datasets: 1 }, ['dataset']],
    [{ questionsAsked: true }, ['ask']],
    [{ dashboards: 3 }, ['dashboard']],
    [{ shareLinks: 1 }, ['share']],
    [{ users: 2 }, ['invite']],
    [{ branded: true }, ['brand']],
  ] as const)('%j ticks %j', (facts, steps) => {
    expect(done(facts)).toEqual(steps);
  });

  it('keeps the order of the steps whatever is done', () => {
    expect(done({ branded: true, datasets: 1, externalSources: 1 })).toEqual([
      'connect',
      'dataset',
      'brand',
    ]);
  });
});
