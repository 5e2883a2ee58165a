// The moves of the webhooks bench, made as board.mjs makes its moves (autocannon, 20 connections, the owner's ID
// token), but a fixed number of them, each of a task of its own, with the time each answer arrived.
import autocannon from 'autocannon';

/** As board.mjs's moves. */
export const moveConnections = 20;

/**
 * Moves each task once into `statusId` (the webhooks bench uses two columns that are not Done, so each move records
 * one task.moved). Resolves to { answeredAt (task id → performance.now() of its answer), lastAnswer, movesPerS,
 * p99Ms }. The rate is the moves over the time to the last answer: autocannon's own is a mean of whole-second
 * samples, which a run of a few seconds leaves to its partial last second.
 * @throws when any move is not answered 200
 */
export async function runMoves(baseUrl, token, taskIds, statusId) {
  const answeredAt = new Map();
  let next = 0;
  const startedAt = performance.now();
  const result = await autocannon({
    url: baseUrl,
    connections: moveConnections,
    // With `amount`, autocannon calls setupRequest once per request it sends: each task is moved once.
    amount: taskIds.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          path: `/api/tasks/${taskIds[next++]}/move`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ status_id: statusId }),
        }),
        onResponse: (status, body) => {
          if (status === 200) answeredAt.set(JSON.parse(body).id, performance.now());
        },
      },
    ],
  });
  if (result.non2xx + result.errors > 0 || answeredAt.size !== taskIds.length) {
    throw new Error(
      `moves: ${answeredAt.size} of ${taskIds.length} answered 200 (${result.non2xx} other answers, ` +
        `${result.errors} errors)`,
    );
  }
  const lastAnswer = Math.max(...answeredAt.values());
  const movesPerS = taskIds.length / ((lastAnswer - startedAt) / 1000);
  return { answeredAt, lastAnswer, movesPerS, p99Ms: result.latency.p99 };
}
