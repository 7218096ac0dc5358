import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { FileStoreConfig } from '../src/lib/file-store';

/**
 * A real S3 server for the object-storage path (s3rver: the S3 REST API over a directory),
 * on a free port with one empty bucket; `config` is what S3_* variables would give.
 */
export async function startS3Server(): Promise<{
  config: Extract<FileStoreConfig, { kind: 's3' }>;
  close(): Promise<void>;
}> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-s3-'));
  const bucket = 'planvy-files';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    config: {
      kind: 's3',
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      // s3rver's fixed credentials.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix: 'planvy/',
    },
    async close() {
      // Idle keep-alive sockets of the SDK's agent would hold close() open.
      (server as unknown as { httpServer: Server }).httpServer.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
