import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import type { ObjectStorageSettings } from '../config';
import { CONTENT_TYPE_BY_EXTENSION, isStorageKey, newStorageKey, storageUrl, watchFailure, type Storage } from './storage';

/**
 * Files in an S3-compatible bucket, under `prefix`, with the same keys as on the local disk. The
 * bucket need not be public: browsers keep loading `/storage/<key>` from the API, which streams the
 * object back (storage/routes.ts), so every instance serves every upload.
 * `credentials` is for tests; in production the SDK finds them itself (environment, profile, role).
 */
export function createS3Storage(settings: ObjectStorageSettings, credentials?: S3ClientConfig['credentials']): Storage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(credentials ? { credentials } : {}),
    // Checksums only where S3 requires them: by default the SDK sends a streamed body in aws-chunked
    // encoding with a trailing checksum, which not every S3-compatible server reads (s3rver stores
    // the encoding itself as the file's content).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store fails the upload or the download instead of holding the request.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
  const objectKey = (key: string) => (settings.prefix ? `${settings.prefix}/${key}` : key);

  return {
    async put(content, { folder, extension }) {
      try {
        const key = newStorageKey(folder, extension);
        const object = { Bucket: settings.bucket, Key: objectKey(key), ContentType: CONTENT_TYPE_BY_EXTENSION[extension] };
        if (Buffer.isBuffer(content)) {
          await client.send(new PutObjectCommand({ ...object, Body: content, ContentLength: content.length }));
          return key;
        }
        // The SDK pipes the body into the request without watching it: a failing or wrongly sized
        // stream must abort the request, or the store would wait for the missing bytes. S3 keeps
        // nothing of a request cut before its announced length.
        const abort = new AbortController();
        let failure: unknown;
        // Until the SDK starts reading, only this listener hears the stream fail; its reading then meets the failure.
        watchFailure(content.stream);
        const body = Readable.from(exactly(content.stream, content.size));
        body.once('error', (error) => {
          failure = error;
          abort.abort(error);
        });
        try {
          await client.send(new PutObjectCommand({ ...object, Body: body, ContentLength: content.size }), { abortSignal: abort.signal });
        } catch (error) {
          throw failure ?? error;
        }
        return key;
      } finally {
        // An unread stream would keep its file open.
        if (!Buffer.isBuffer(content)) content.stream.destroy();
      }
    },

    async delete(key) {
      if (!isStorageKey(key)) return;
      // S3 answers a delete of a missing object with success too.
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },

    url(key) {
      return storageUrl(key)!;
    },

    async read(key) {
      if (!isStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
          throw new Error(`The object store answered ${key} without a readable body and its length`);
        }
        return { stream: object.Body, size: object.ContentLength };
      } catch (error) {
        // Only a missing object: a missing bucket or refused credentials are the operator's to fix.
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },

    async check() {
      // The bucket exists and these credentials may use it; nothing is read or written.
      await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
    },
  };
}

/** Passes `stream` on, failing as soon as it carries more than `size` bytes, or at its end when fewer. */
async function* exactly(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let received = 0;
  for await (const chunk of stream) {
    received += (chunk as Buffer).length;
    if (received > size) throw new Error(`The stream carries more than the ${size} bytes announced`);
    yield chunk as Buffer;
  }
  if (received !== size) throw new Error(`Stored ${received} bytes where ${size} were announced`);
}
