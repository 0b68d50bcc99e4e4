import { z } from 'zod';
import { CHECKLIST_STEPS } from '../gettingStarted';

// What the getting-started routes take and answer: the checklist of the signed-in user's
// account, and hiding it.

const CHECKLIST_ITEM = z.object({ step: z.enum(CHECKLIST_STEPS), done: z.boolean() });
export type ChecklistItem = z.infer<typeof CHECKLIST_ITEM>;

export const CHECKLIST = z.object({
  items: z.array(CHECKLIST_ITEM),
  dismissed: z.boolean().describe('the signed-in user hid the checklist'),
});
export type Checklist = z.infer<typeof CHECKLIST>;

export const DISMISS_BODY = z.strictObject({ dismissed: z.boolean() });
