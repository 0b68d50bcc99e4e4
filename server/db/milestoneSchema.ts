// Getting-started milestones the data cannot tell (migration 0009): a first question asked
// (user_id 0: the whole account), a user who hid the checklist.

export interface AccountMilestonesTable {
  account_id: number;
  user_id: number;
  name: string;
  reached_at: string;
}

export interface MilestoneTables {
  account_milestones: AccountMilestonesTable;
}
