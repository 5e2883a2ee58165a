import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { activities } from '../../db/schema/activity';
import { createActivityRecorder } from './record';

let t: TestApp;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Recorder project');
});
afterAll(() => t.close());

async function countWithSubject(subject: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(activities)
    .where(and(eq(activities.projectId, team.projectId), eq(activities.subject, subject)));
  return row?.n ?? 0;
}

describe('the activity recorder', () => {
  it('writes every entry of a burst larger than two batches without being flushed', async () => {
    const recorder = createActivityRecorder(t.app.deps);
    // A column's deletion records one entry per task it moves, all at once: more than two batches of 500 here.
    const subject = 'Burst of moves';
    for (let i = 0; i < 1_200; i += 1) {
      recorder.record({
        projectId: team.projectId,
        actorId: team.owner.id,
        verb: 'task.moved',
        subject,
        at: new Date(),
      });
    }
    await expect.poll(() => countWithSubject(subject), { timeout: 10_000 }).toBe(1_200);
    await recorder.flush();
  });
});
