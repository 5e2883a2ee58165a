// `--profile`: CPU profiles of the servers and of this process over the measured rounds, summed by package
// and by function, to say where the time goes when a target is missed. A server is profiled through its
// inspector (NODE_OPTIONS=--inspect on a free loopback port), this process through node:inspector. Off by
// default: sampling every 200 µs slows the profiled processes down, so quote figures from a run without it.
import { Session } from 'node:inspector/promises';
import { connectInspector } from './inspector-client.mjs';

const samplingIntervalUs = 200;

async function startProfiler(session) {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: samplingIntervalUs });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      await session.post('Profiler.disable');
      return profile;
    },
  };
}

/** Starts profiling the server whose inspector listens on `port`; `stop()` resolves to the profile. */
export async function startServerProfile(port) {
  const session = await connectInspector(port);
  const profiler = await startProfiler(session);
  return {
    async stop() {
      const profile = await profiler.stop();
      session.close();
      return profile;
    },
  };
}

/** Starts profiling this process (the bench's sockets and HTTP client); `stop()` resolves to the profile. */
export async function startOwnProfile() {
  const session = new Session();
  session.connect();
  const profiler = await startProfiler(session);
  return {
    async stop() {
      const profile = await profiler.stop();
      session.disconnect();
      return profile;
    },
  };
}
