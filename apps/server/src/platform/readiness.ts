/** A part an instance needs to serve, as /api/ready names it. */
export type ReadinessPart = 'database' | 'redis' | 'storage';
/** `unused`: this instance runs without that part (no REDIS_URL). */
export type PartState = 'ok' | 'unused' | 'unavailable';

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  parts: Record<ReadinessPart, PartState>;
}

export interface Readiness {
  /** How to tell whether `part` works: resolves when it does, rejects (or takes too long) when not. */
  check(part: ReadinessPart, probe: (() => Promise<void>) | 'unused'): void;
  report(draining: boolean): Promise<ReadinessReport>;
}

/** A load balancer asks every few seconds: a part slower than this to answer counts as down. */
const probeTimeoutMs = 2000;

function withTimeout(probe: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), probeTimeoutMs);
  });
  return Promise.race([probe(), late]).finally(() => clearTimeout(timer));
}

/**
 * Readiness, as opposed to liveness (/api/health): whether this instance can serve requests now. Each part is
 * probed on every ask, all at once; an instance whose parts are not all declared is not ready.
 */
export function createReadiness(): Readiness {
  const probes = new Map<ReadinessPart, (() => Promise<void>) | 'unused'>();
  async function stateOf(part: ReadinessPart): Promise<PartState> {
    const probe = probes.get(part);
    if (probe === 'unused') return 'unused';
    if (!probe) return 'unavailable';
    return withTimeout(probe).then(
      () => 'ok',
      () => 'unavailable',
    );
  }
  return {
    check(part, probe) {
      probes.set(part, probe);
    },
    async report(draining) {
      const [database, redis, storage] = await Promise.all([stateOf('database'), stateOf('redis'), stateOf('storage')]);
      const parts = { database, redis, storage };
      return { ready: !draining && !Object.values(parts).includes('unavailable'), draining, parts };
    },
  };
}
