// Uploads in an S3 bucket (AWS S3, Cloudflare R2, MinIO, ...). Web standards only, so the same
// class serves the Node server and a serverless runtime.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertSafeFolder, assertSafeKey, type FileStat, type Storage, type StoredFile } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For services other than AWS S3 (R2, MinIO); AWS's own endpoint when unset. */
  endpoint?: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`; most S3-compatible services need it. */
  forcePathStyle?: boolean | undefined;
  /** Folder inside the bucket that holds every upload (e.g. "uploads/"), so a bucket can be shared. */
  prefix?: string | undefined;
  /** Keys per list request; S3's maximum and default is 1000. Tests lower it to page through a few keys. */
  pageSize?: number | undefined;
}

/**
 * The "not there" answers: NoSuchKey from GET, a bodiless 404 (NotFound) from HEAD. By status too:
 * where the SDK cannot read an error body (its browser build in a runtime without DOMParser, if a
 * bundle lacks wrangler.jsonc's parser alias) the error keeps only its HTTP status (a missing
 * bucket, when its name could be read, is not a missing key: that is a configuration error to surface).
 */
function isMissingKey(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  return name === 'NoSuchKey' || name === 'NotFound' || ($metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket');
}

/** Connections to the bucket at once (Node only). */
const MAX_CONNECTIONS = 1000;

export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly pageSize: number | undefined;

  constructor(options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle ?? false,
      // The SDK's default CRC32 checksums (since 3.729) are refused by several S3-compatible
      // services; send and check them only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // On Node a download holds its S3 connection for as long as its reader takes; the SDK's 50
      // would let 50 slow readers stall every other upload and download (decision 20). Plain
      // options, which workerd's fetch handler ignores.
      requestHandler: { httpAgent: { maxSockets: MAX_CONNECTIONS }, httpsAgent: { maxSockets: MAX_CONNECTIONS } },
    });
    this.bucket = options.bucket;
    this.prefix = options.prefix ? options.prefix.replace(/\/*$/, '/') : '';
    this.pageSize = options.pageSize;
  }

  /** Closes the client's kept-alive connections (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    return this.prefix + assertSafeKey(key);
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<{ body: Uint8Array; contentType: string } | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      const body = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      return { body, contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isMissingKey(error)) return null;
      throw error;
    }
  }

  /** The version is the bucket's ETag, computed by the service when the object was written. */
  async stat(key: string): Promise<FileStat | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      const size = head.ContentLength ?? 0;
      return { size, version: head.ETag ?? `${head.LastModified?.getTime()}-${size}` };
    } catch (error) {
      if (isMissingKey(error)) return null;
      throw error;
    }
  }

  async read(key: string, start: number, end: number): Promise<ReadableStream<Uint8Array> | null> {
    try {
      const target = { Bucket: this.bucket, Key: this.objectKey(key), Range: `bytes=${start}-${end}` };
      const object = await this.client.send(new GetObjectCommand(target));
      return object.Body ? object.Body.transformToWebStream() : new Blob([]).stream();
    } catch (error) {
      if (isMissingKey(error)) return null;
      throw error;
    }
  }

  /** S3 deletes silently whether or not the key existed, so HEAD first to answer the interface. */
  async delete(key: string): Promise<boolean> {
    const target = { Bucket: this.bucket, Key: this.objectKey(key) };
    try {
      await this.client.send(new HeadObjectCommand(target));
    } catch (error) {
      if (isMissingKey(error)) return false;
      throw error;
    }
    await this.client.send(new DeleteObjectCommand(target));
    return true;
  }

  async list(folder: string): Promise<StoredFile[]> {
    const folderPrefix = `${this.prefix}${assertSafeFolder(folder)}/`;
    const files: StoredFile[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: folderPrefix,
          // Subfolders come back as CommonPrefixes, which are ignored: only direct children count.
          Delimiter: '/',
          MaxKeys: this.pageSize,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        files.push({
          key: object.Key.slice(this.prefix.length),
          size: object.Size ?? 0,
          modified: Math.floor((object.LastModified?.getTime() ?? 0) / 1000),
        });
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    // S3 orders by UTF-8 bytes; sort like the other storages so every backend lists alike.
    return files.sort((a, b) => a.key.localeCompare(b.key));
  }
}
