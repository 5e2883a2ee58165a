import { stopStack } from './stack';

/** Stops what global-setup started. */
export default async function globalTeardown(): Promise<void> {
  await stopStack();
}
