import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { ObjectStorageSettings } from '../../../server/config';
import { createS3Storage } from '../../../server/storage/s3';

/** s3rver's own fixed key pair, which it checks signatures with. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-compatible server inside the test process (s3rver, files in a temp directory) on a random
 * port of 127.0.0.1, with one empty bucket. `storage(prefix)` is the API's S3 driver on it;
 * `objects(prefix)` lists what the bucket holds under a prefix, to prove what was stored and what
 * was not.
 */
export async function startS3Server(bucket = 'panel-pruebas') {
  const directory = mkdtempSync(path.join(tmpdir(), 'panel-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, forcePathStyle: true, region: 'us-east-1', credentials: CREDENTIALS });

  const settings = (prefix = '', bucketName = bucket): ObjectStorageSettings => ({ bucket: bucketName, prefix, endpoint, region: 'us-east-1' });

  return {
    endpoint,
    bucket,
    settings,
    storage: (prefix = '', bucketName = bucket) => createS3Storage(settings(prefix, bucketName), CREDENTIALS),
    /** The objects whose keys start with `prefix`, sorted by key. */
    async objects(prefix = ''): Promise<{ key: string; size: number }[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => ({ key: object.Key!, size: object.Size! })).sort((a, b) => a.key.localeCompare(b.key));
    },
    /** The keys of `objects(prefix)`. */
    async keys(prefix = ''): Promise<string[]> {
      return (await this.objects(prefix)).map((object) => object.key);
    },
    /** The Content-Type the bucket holds an object with. */
    async contentType(key: string): Promise<string | undefined> {
      return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentType;
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
