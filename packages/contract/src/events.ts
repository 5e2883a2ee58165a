import { z } from 'zod';

/** Usage events of spec §7. */
export const usageEventNames = [
  'page_open',
  'user_created',
  'project_created',
  'project_deleted',
  'project_member_added',
  'card_created',
  'task_updated',
  'file_uploaded',
  'image_uploaded',
] as const;
export type UsageEventName = (typeof usageEventNames)[number];

/** The only event a browser may record itself; every other one is recorded where its action happens. */
export const ClientEventInput = z.strictObject({
  name: z.literal('page_open'),
  properties: z.strictObject({ page: z.literal('app') }),
});
export type ClientEventInput = z.infer<typeof ClientEventInput>;
