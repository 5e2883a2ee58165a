// ID tokens last 15 minutes, and a live socket is closed when its token expires. A section whose phases run
// longer than that after its accounts were registered signs the oldest in again before opening sockets with them,
// rather than have them closed in the middle of a measurement.
import { callApi, nextBenchAddress } from './api-client.mjs';
import { mapWithConcurrency } from './concurrency.mjs';
import { formatMs } from './report.mjs';

const tokenLifetimeMs = 15 * 60_000;
// As registration: each sign-in costs the server one argon2id verification.
const signInConcurrency = 8;

/**
 * Signs in again, spread over `baseUrls` (instances reached directly, with an address of its own per sign-in as
 * registration has), every account of `accounts` ({ email, password, idToken, issuedAt }, from bench-accounts.mjs)
 * whose token has less than `minLifeMs` left; updates idToken and issuedAt in place. Resolves to how many it signed in.
 */
export async function refreshStaleTokens(baseUrls, accounts, minLifeMs) {
  const stale = accounts.filter((account) => account.issuedAt + tokenLifetimeMs - performance.now() < minLifeMs);
  if (stale.length === 0) return 0;
  const startedAt = performance.now();
  await mapWithConcurrency(stale, signInConcurrency, async (account, i) => {
    const session = await callApi(baseUrls[i % baseUrls.length], 'POST', '/api/auth/login', {
      body: { email: account.email, password: account.password },
      address: nextBenchAddress(),
    });
    account.idToken = session.id_token;
    account.issuedAt = performance.now();
  });
  console.log(
    `  signed ${stale.length} accounts in again for fresh ID tokens in ${formatMs(performance.now() - startedAt)}`,
  );
  return stale.length;
}
