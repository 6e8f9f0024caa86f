// An S3-protocol server on loopback (s3rver) holding the uploads bucket, in a temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_BUCKET = 'uploads';
// s3rver accepts only its own fixed key pair.
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Server {
  endpoint: string;
  close(): Promise<void>;
}

export async function startS3Server(port: number): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'author-site-cloud-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: S3_BUCKET, configs: [] }] });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
