import { describeFiles } from '../../../test/support/files-suite/files-suite';
import { startS3Server } from '../../../test/support/s3-server';

// The S3 driver, against a real S3-compatible server (s3rver) started for this file.
describeFiles('S3', () => startS3Server());
