import path from 'node:path';
import type { OutboundPolicy } from '../../infra/outbound-http.js';
import type { FileStore } from './file-store.js';
import { createLocalFileStore } from './local-file-store.js';
import { createS3FileStore } from './s3-file-store.js';

/** The STORAGE_* settings (docs/configuration.md); all four of url, bucket and keys, or none. */
export interface FileStoreSettings {
  DATA_DIR: string;
  STORAGE_URL?: string;
  STORAGE_BUCKET?: string;
  STORAGE_ACCESS_KEY?: string;
  STORAGE_SECRET_KEY?: string;
  STORAGE_REGION: string;
}

/**
 * The one place that picks the file store: S3-compatible storage when STORAGE_URL is set, `<DATA_DIR>/files` otherwise.
 * `outbound` is the deployment's policy for STORAGE_URL (OUTBOUND_ALLOW_PRIVATE_NETWORKS).
 */
export function createFileStore(s: FileStoreSettings, outbound: OutboundPolicy): FileStore {
  if (!s.STORAGE_URL) return createLocalFileStore(path.join(s.DATA_DIR, 'files'));
  return createS3FileStore({
    url: s.STORAGE_URL, bucket: s.STORAGE_BUCKET!, accessKey: s.STORAGE_ACCESS_KEY!, secretKey: s.STORAGE_SECRET_KEY!, region: s.STORAGE_REGION, outbound,
  });
}
