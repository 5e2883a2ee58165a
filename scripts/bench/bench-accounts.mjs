// Accounts for the load measurements, registered through the API like anyone else's. Each registration
// costs the server one argon2id hash (15–60 ms here), so they go 8 at a time: enough to keep the server's
// hashing threads busy, few enough that no request waits long in its queue.
import { callApi, nextBenchAddress } from './api-client.mjs';
import { mapWithConcurrency } from './concurrency.mjs';
import { formatMs } from './report.mjs';

const registerConcurrency = 8;
const runTag = crypto.randomUUID().slice(0, 8);

/**
 * Registers `count` accounts named after `label`; resolves to [{ email, password, userId, idToken, issuedAt }].
 * ID tokens last 15 minutes (idTokenLifetimeSeconds); issuedAt (performance.now()) lets a caller check, and the
 * password lets it sign in again for a fresh one.
 */
export async function registerAccounts(baseUrl, { count, label }) {
  const startedAt = performance.now();
  const accounts = await mapWithConcurrency(
    Array.from({ length: count }, (_, i) => i),
    registerConcurrency,
    async (i) => {
      const email = `bench-${label}-${i}-${runTag}@example.test`;
      const password = `Bench-harbour-${i}-x9`;
      const body = { email, password, name: `Bench ${label} ${i}` };
      const address = nextBenchAddress();
      const session = await callApi(baseUrl, 'POST', '/api/auth/register', { body, address, expect: 201 });
      return { email, password, userId: session.user.id, idToken: session.id_token, issuedAt: performance.now() };
    },
  );
  const ms = performance.now() - startedAt;
  const what = count === 1 ? '1 account' : `${count} accounts`;
  console.log(
    `  registered ${what} in ${formatMs(ms)} (${registerConcurrency} at a time, ${formatMs(ms / count)}/account)`,
  );
  return accounts;
}
