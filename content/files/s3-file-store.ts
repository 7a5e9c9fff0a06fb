import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { guardedAgents, type OutboundPolicy } from '../../infra/outbound-http.js';
import type { FileStore } from './file-store.js';

/** Where an S3-compatible store is and how to sign in (STORAGE_* settings, docs/configuration.md). */
export interface S3StoreSettings {
  url: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /**
   * Who chose `url` and whether it may be private: the process's OUTBOUND_ALLOW_PRIVATE_NETWORKS for
   * STORAGE_URL (docs/architecture.md, "Outbound requests").
   */
  outbound: OutboundPolicy;
}

/** The AWS SDK loads with the first call to the bucket, not with every start (docs/performance.md, "Start-up"). */
const loadSdk = () => import('@aws-sdk/client-s3');

/**
 * An S3 client for any S3-compatible server: path-style addressing, since most self-hosted ones lack
 * bucket subdomains. It connects through the outbound door's Node agents (infra/outbound-http.ts),
 * handed to the SDK's Node handler as its options.
 */
export async function createS3Client(s: Omit<S3StoreSettings, 'bucket'>): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client({
    endpoint: s.url, region: s.region, forcePathStyle: true,
    credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
    requestHandler: guardedAgents(s.outbound),
  });
}

/** The file store on a bucket of any S3-compatible storage; metadata rides as S3 user metadata. */
export function createS3FileStore(settings: S3StoreSettings, given?: S3Client): FileStore {
  const Bucket = settings.bucket;
  // The client and the SDK's command classes, loaded once with the first call.
  let opened: Promise<{ client: S3Client; sdk: typeof S3Sdk }> | undefined;
  const open = () => (opened ??= Promise.all([given ?? createS3Client(settings), loadSdk()]).then(([client, sdk]) => ({ client, sdk })));
  /** The objects under `prefix` with their sizes, page by page (a listing gives both). */
  const listed = async (prefix: string): Promise<Map<string, number>> => {
    const { client, sdk } = await open();
    const sizes = new Map<string, number>();
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key) sizes.set(item.Key, item.Size ?? 0);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return sizes;
  };
  return {
    kind: 's3',
    async put(key, object) {
      const { client, sdk } = await open();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: object.bytes, ContentType: object.content_type, Metadata: object.metadata }));
    },
    async get(key) {
      const { client, sdk } = await open();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        const bytes = Buffer.from(await answer.Body!.transformToByteArray());
        return { bytes, content_type: answer.ContentType ?? 'application/octet-stream', metadata: answer.Metadata ?? {} };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const { client, sdk } = await open();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      return [...(await listed(prefix)).keys()].sort();
    },
    sizes: (prefix) => listed(prefix),
    async ping() {
      const { client, sdk } = await open();
      await client.send(new sdk.HeadBucketCommand({ Bucket }));
    },
  };
}
