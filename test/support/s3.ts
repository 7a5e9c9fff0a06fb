import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A local S3-compatible server (s3rver) for one test file, with the given buckets. */
export interface TestS3 {
  url: string;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'sb-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  return {
    // s3rver accepts any signature made with its fixed credentials.
    url: `http://127.0.0.1:${port}`, accessKey: 'S3RVER', secretKey: 'S3RVER',
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
