import { z } from 'zod';

/** Answered only to instance admins (ADMIN_EMAILS, else the first registered account); others get 404. */
export const AdminAccess = z.object({ admin: z.literal(true) });
export type AdminAccess = z.infer<typeof AdminAccess>;
