import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertContentType } from './content-type.ts';
import type { ObjectStore, StoredObject } from './object-store.ts';
import { assertSafeKey } from './safe-key.ts';

export interface S3StoreOptions {
  /** e.g. https://s3.eu-central-1.amazonaws.com, http://minio:9000, https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what self-hosted servers (MinIO, Garage, Ceph) expect. */
  forcePathStyle: boolean;
}

/**
 * Uploads in an S3-compatible bucket (when S3_* is set; docs/decisions/024), so several API machines share them.
 * The bucket stays private: objects are only ever read back through the API, which checks who is asking.
 */
export class S3Store implements ObjectStore {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.description = `s3 bucket ${options.bucket} at ${options.endpoint}`;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Since 2025 the SDK adds CRC32 checksum headers to every request and asks for them on every read; many
      // S3-compatible servers reject or mis-sign those. Send them only where S3 requires them, as before.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A hung store must not hang the upload request: give up on a connection after 5 s and a reply after 30 s
      // (the SDK retries twice more on its own).
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentLength: body.length,
        ContentType: assertContentType(contentType),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      return { body, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // S3 answers 204 for a missing key too; some compatible servers answer 404, which means the same here.
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /** Closes the client's kept-alive connections (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}

/** The key is not there. NoSuchBucket is not "missing": it is a wrong setting and must surface. */
function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && error.name !== 'NoSuchBucket' && (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}
