// Projects and memberships for the load measurements, made through the API as the owner would make them.
// Each call is one request; they go several at a time because hundreds of them one by one would make
// the setup, not the measurement, the slow part of the bench.
import { callApi } from './api-client.mjs';
import { mapWithConcurrency } from './concurrency.mjs';

const setupConcurrency = 8;

/** Creates `count` projects owned by `owner`; resolves to their ids in creation order. */
export async function createProjects(baseUrl, owner, { count, namePrefix }) {
  return mapWithConcurrency(
    Array.from({ length: count }, (_, i) => i),
    setupConcurrency,
    async (i) => {
      const body = { name: `${namePrefix} ${i + 1}` };
      const project = await callApi(baseUrl, 'POST', '/api/projects', { token: owner.idToken, body, expect: 201 });
      return project.id;
    },
  );
}

/**
 * Adds each { projectId, account } as a member (an existing account joins at once: 201, no invitation).
 * One list for all projects, so the requests stay `setupConcurrency` deep however they are spread.
 */
export async function addMembers(baseUrl, owner, memberships) {
  await mapWithConcurrency(memberships, setupConcurrency, ({ projectId, account }) =>
    callApi(baseUrl, 'POST', `/api/projects/${projectId}/members`, {
      token: owner.idToken,
      body: { email: account.email, role: 'member' },
      expect: 201,
    }),
  );
}
