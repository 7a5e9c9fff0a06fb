import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, ListObjectVersionsCommand, type S3Client } from '@aws-sdk/client-s3';
import { mediaTypeOr } from '../../infra/media-type.js';
import { writeFile } from '../files/index.js';
import { listSource, type ImportTarget } from './import-deps.js';
import { outcomeOf, type ImportSource } from './run-import.js';

/** One version of one source object, in upload order. */
interface SourceVersion {
  /** Path below the source root, `/`-separated. */
  key: string;
  /** The source's id of this version: S3 VersionId (or ETag without versioning), a local file's mtime and size. */
  version: string;
  modified: Date;
  read(): Promise<{ bytes: Buffer; content_type?: string; metadata: Record<string, string> }>;
}

/** Media types of common extensions, for a local tree (a bucket says its own). */
const TYPES: Record<string, string> = {
  '.txt': 'text/plain', '.md': 'text/markdown', '.csv': 'text/csv', '.html': 'text/html', '.json': 'application/json', '.pdf': 'application/pdf',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.xml': 'application/xml', '.zip': 'application/zip',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * `switchboard import s3 <dir | s3://bucket/prefix>`: every file of a local tree, or every version
 * of every object of another bucket, into the file store (itself S3 when STORAGE_URL is set) under
 * `--to`. Folder structure is kept as paths, S3 user metadata as the file's metadata, and a
 * versioned bucket's versions, oldest first, as the file's versions (each taken once, by its id).
 */
export function s3Source(target: ImportTarget, options: { from: string; to: string; client?: S3Client }): ImportSource {
  const fromBucket = /^s3:\/\/([^/]+)\/?(.*)$/.exec(options.from);
  const source = fromBucket ? options.from : path.resolve(options.from);
  const prefix = options.to.replace(/^\/+|\/+$/g, '');
  return listSource({
    kind: 's3',
    source,
    load: () => (fromBucket ? bucketVersions(options.client!, fromBucket[1]!, fromBucket[2]!) : treeVersions(source)),
    async store(item) {
      const object = await item.read();
      const { written } = await writeFile(target.files, {
        actor: target.owner, path: prefix ? `${prefix}/${item.key}` : item.key, bytes: object.bytes, metadata: object.metadata,
        // The source's type is nobody's explicit choice here: one that is not a media type becomes octet-stream.
        content_type: mediaTypeOr(object.content_type), source_version: item.version, created_at: item.modified,
      });
      return outcomeOf(written);
    },
  });
}

async function treeVersions(root: string): Promise<SourceVersion[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
  return Promise.all(files.map(async (file) => {
    const info = await stat(file);
    return {
      key: path.relative(root, file).split(path.sep).join('/'),
      version: `${info.mtimeMs}-${info.size}`,
      modified: info.mtime,
      read: async () => ({
        bytes: await readFile(file), content_type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        metadata: { source_modified: info.mtime.toISOString() },
      }),
    };
  }));
}

/** Every version of every object under `prefix`; a server without versioning lists each object as its one version. */
async function bucketVersions(client: S3Client, bucket: string, prefix: string): Promise<SourceVersion[]> {
  const found: { key: string; version: string; versionId?: string; modified: Date }[] = [];
  try {
    let keyMarker: string | undefined;
    let versionMarker: string | undefined;
    do {
      const page = await client.send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: prefix, KeyMarker: keyMarker, VersionIdMarker: versionMarker }));
      for (const v of page.Versions ?? []) {
        if (!v.Key) continue;
        const versioned = v.VersionId && v.VersionId !== 'null';
        found.push({ key: v.Key, version: versioned ? v.VersionId! : (v.ETag ?? ''), ...(versioned ? { versionId: v.VersionId! } : {}), modified: v.LastModified ?? new Date(0) });
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      versionMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
    } while (keyMarker);
  } catch {
    // Not every S3-compatible server implements ListObjectVersions: list the current objects instead.
    found.length = 0;
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) found.push({ key: o.Key, version: o.ETag ?? '', modified: o.LastModified ?? new Date(0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  found.sort((a, b) => a.key.localeCompare(b.key) || a.modified.getTime() - b.modified.getTime());
  const strip = prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix;
  return found.filter((f) => !f.key.endsWith('/')).map((f) => ({
    key: f.key.startsWith(strip) ? f.key.slice(strip.length) : f.key,
    version: f.version,
    modified: f.modified,
    read: async () => {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: f.key, ...(f.versionId ? { VersionId: f.versionId } : {}) }));
      return { bytes: Buffer.from(await answer.Body!.transformToByteArray()), ...(answer.ContentType ? { content_type: answer.ContentType } : {}), metadata: answer.Metadata ?? {} };
    },
  }));
}
