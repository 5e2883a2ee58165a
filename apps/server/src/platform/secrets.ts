import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { instanceSecrets } from '../db/schema/instance-secrets';

/**
 * Returns the instance-wide secret `name`, creating it on first use. When several instances start
 * at once, the first insert wins and every instance reads that same value.
 */
export async function getOrCreateSecret<T>(
  db: Db,
  name: string,
  create: () => Promise<T>,
  parse: (value: unknown) => T,
): Promise<T> {
  const [existing] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, name));
  if (existing) return parse(existing.value);
  await db
    .insert(instanceSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, name));
  if (!stored) throw new Error(`instance secret ${name} could not be stored`);
  return parse(stored.value);
}
