import type { JobOptions } from '../../../platform/jobs';

export const exportQueue = 'project-exports';
export const importQueue = 'project-imports';

/**
 * A job of a big project runs for minutes; one whose instance died is taken up again when it expires, and a
 * run taken up again starts over (a job must be safe to run twice). Failures the job can name are recorded on
 * its row rather than thrown, so retries are for lost instances only.
 */
export const exportJobOptions: JobOptions = { expireInSeconds: 60 * 60, retryLimit: 2 };
export const importJobOptions: JobOptions = { expireInSeconds: 60 * 60, retryLimit: 2 };
