import type { AppDeps } from '../../app-deps';
import type { JobOptions } from '../../platform/jobs';
import { indexProject } from './index-project';

/** Imported projects to index: a job each, so one stopped by a shutdown is taken up again by any instance. */
export const indexProjectQueue = 'search-index-projects';

/** A project of 75,000 things takes tens of seconds on the embedded database; a failed run is tried again. */
export const indexProjectJobOptions: JobOptions = { expireInSeconds: 30 * 60, retryLimit: 5 };

type IndexDeps = Pick<AppDeps, 'db' | 'jobs' | 'log'>;

/** Asks for `projectId` to be indexed by whichever instance takes the job (now, or after a restart). */
export function queueProjectIndexing(deps: Pick<AppDeps, 'jobs'>, projectId: string): Promise<void> {
  return deps.jobs.send(indexProjectQueue, { project_id: projectId }, new Date(), indexProjectJobOptions);
}

/**
 * One job: indexes what the project lacks. Stopped by a shutdown, it hands the rest back as a new job, due now,
 * which another instance (or this one, restarted) takes; the run that follows picks up where this one stopped.
 */
export async function runIndexJob(deps: IndexDeps, projectId: string, signal: AbortSignal): Promise<void> {
  try {
    await indexProject(deps.db, projectId, { signal });
    deps.log.info({ projectId }, 'imported project indexed');
  } catch (err) {
    if (!signal.aborted) throw err;
    await queueProjectIndexing(deps, projectId);
    deps.log.info({ projectId }, 'indexing an imported project stopped by shutdown; handed back');
  }
}

function projectIdOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>).project_id;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Indexes imported projects as jobs.
 * @returns stop, for shutdown: a run under way stops after its current chunk and hands the rest back
 */
export async function startSearchWorkers(deps: AppDeps): Promise<() => Promise<void>> {
  const stopping = new AbortController();
  await deps.jobs.work(indexProjectQueue, async (data) => {
    const projectId = projectIdOf(data);
    if (projectId) await runIndexJob(deps, projectId, stopping.signal);
  });
  return async () => {
    stopping.abort(new Error('shutting down'));
  };
}
