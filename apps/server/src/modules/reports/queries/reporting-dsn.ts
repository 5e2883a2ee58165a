import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { loadIngestKey, selfHostedDsn } from '../intake/key';

/** The DSN the browser SDK reports to: SENTRY_DSN when set, else this instance's own intake. */
export async function reportingDsn(db: Db, config: Pick<Config, 'sentryDsn' | 'publicUrl'>): Promise<string> {
  return config.sentryDsn ?? selfHostedDsn(config.publicUrl, await loadIngestKey(db));
}
