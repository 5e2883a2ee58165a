import { type APIRequestContext, expect } from '@playwright/test';
import { z } from 'zod';
import { distinctClientAddress, strongPassword } from './accounts';
import type { ApiAccount } from './projects';

/** The suite's server lists this address in ADMIN_EMAILS (global-setup.ts). */
export const adminEmail = 'admin@example.test';

const Session = z.object({ id_token: z.string(), user: z.object({ id: z.string() }) });

/**
 * The instance admin, shared by the tests that need one: registered by whichever test asks first (409 afterwards,
 * also when two workers ask at once), then signed in through the API.
 */
export async function adminAccount(request: APIRequestContext): Promise<ApiAccount> {
  const registered = await request.post('/api/auth/register', {
    headers: distinctClientAddress(),
    data: { email: adminEmail, password: strongPassword, name: 'Ada Admin' },
  });
  expect([201, 409]).toContain(registered.status());
  const response = await request.post('/api/auth/login', {
    headers: distinctClientAddress(),
    data: { email: adminEmail, password: strongPassword },
  });
  expect(response.status()).toBe(200);
  const session = Session.parse(await response.json());
  return { email: adminEmail, name: 'Ada Admin', userId: session.user.id, token: session.id_token };
}
