// Rounds of the fan-out measurement: the owner renames the project, and the round lasts until every socket
// has its project_updated frame. Rounds run back to back, each starting once the last one is complete.
import { callApi } from './api-client.mjs';

// A lost frame never arrives; waiting longer than this for one only makes the bench slower.
const roundTimeoutMs = 10_000;

/**
 * Runs `rounds` renames on sockets that already hold `before` frames each, stopping at the first round with
 * a missing frame. Resolves to per-round arrays { ackToLastMs, sentToLastMs, patchMs }, and { lost,
 * stoppedAtRound, deliveredBeforeAck, framesExpected, duplicates }.
 */
export async function runFanoutRounds(sockets, { baseUrl, owner, projectId, rounds, before = 0 }) {
  const result = { ackToLastMs: [], sentToLastMs: [], patchMs: [], lost: 0, deliveredBeforeAck: 0 };
  for (let r = 1; r <= rounds; r += 1) {
    const delivered = sockets.waitForCount(before + r, roundTimeoutMs);
    const sentAt = performance.now();
    await callApi(baseUrl, 'PATCH', `/api/projects/${projectId}`, {
      token: owner.idToken,
      body: { name: `Fan-out round ${before + r}` },
    });
    const ackAt = performance.now();
    const { lastAt, missing } = await delivered;
    if (missing > 0) {
      result.lost = missing;
      result.stoppedAtRound = r;
      break;
    }
    // Frames can beat the response to the PATCH that caused them: that round's fan-out took no time after the ack.
    if (lastAt < ackAt) result.deliveredBeforeAck += 1;
    result.ackToLastMs.push(Math.max(0, lastAt - ackAt));
    result.sentToLastMs.push(lastAt - sentAt);
    result.patchMs.push(ackAt - sentAt);
  }
  result.framesExpected = sockets.size * rounds;
  // Cross-check with the sockets' own counters, which also catch a frame delivered twice.
  const expected = before + (result.stoppedAtRound ?? rounds);
  const counts = sockets.counts();
  result.duplicates = counts.reduce((sum, count) => sum + Math.max(0, count - expected), 0);
  if (result.lost === 0) result.lost = counts.reduce((sum, count) => sum + Math.max(0, expected - count), 0);
  return result;
}
