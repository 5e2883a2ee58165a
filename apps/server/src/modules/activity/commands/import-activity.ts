import type { Db } from '../../../db/client';
import { type ActivityRow, insertActivities } from '../insert-activities';

export type ImportedActivity = ActivityRow;

/** Writes an imported history as it was recorded (modules/transfer): its entries keep their times and names. */
export async function importActivity(db: Db, rows: ImportedActivity[]): Promise<void> {
  await insertActivities(db, rows);
}
