import { defineConfig } from 'vitest/config';

// Vitest demands a default export from its config file. Unit tests cover pure logic; journeys are E2E.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
