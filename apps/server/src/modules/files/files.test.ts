import { describeFiles } from '../../../test/support/files-suite/files-suite';

// The local-disk driver: createTestApp gives each app its own DATA_DIR, so its files folder starts empty.
describeFiles('local disk', async () => ({ env: {}, close: async () => {} }));
