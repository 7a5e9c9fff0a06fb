import type { Request } from 'express';
import { listFiles, listFileVersions, readFile, writeFile, type ContentService } from '../../content/index.js';
import { mediaTypeOr } from '../../infra/media-type.js';
import { defineRoute } from '../route.js';
import {
  FileHistoryQuerySchema, FileHistorySchema, FileListSchema, FilePathParamsSchema, ListFilesQuerySchema, ReadFileQuerySchema, WriteFileRequestSchema,
  WriteFileResultSchema,
} from '../schemas/content.js';
import { sendStoredFile } from '../stored-file-answer.js';
import { sharingJson } from './content-json.js';

const TAG = 'files';

interface FileRow {
  id: string; path: string; folder: string; size: number; content_type: string; version: number; metadata: Record<string, string>;
  owner_id: string; shared_with_users: string[]; shared_with_groups: string[]; created_at: Date; updated_at: Date;
}

/** The download address of a file, as the caller reached this server (the file migration template follows it; docs/basic.md, "Migration templates"). */
const downloadUrl = (req: Request, path: string) => `${req.protocol}://${req.get('host')}/api/files/${path.split('/').map(encodeURIComponent).join('/')}`;

function fileJson(req: Request, f: FileRow) {
  return {
    id: f.id, path: f.path, name: f.path.slice(f.path.lastIndexOf('/') + 1), folder: f.folder, size: f.size, content_type: mediaTypeOr(f.content_type),
    version: f.version, metadata: f.metadata, ...sharingJson(f), created_at: f.created_at.toISOString(), updated_at: f.updated_at.toISOString(),
    download_url: downloadUrl(req, f.path),
  };
}

/**
 * The file store's REST mapping (docs/content.md, "Files"): list, write (a new version
 * each time the bytes or metadata change), history and download. `list`, `history` and `write` are
 * therefore not names a file at the root can be fetched by.
 */
export function contentFileRoutes(content: ContentService) {
  return [
    defineRoute({
      method: 'get', path: '/api/files/list', tag: TAG, access: 'authenticated',
      summary: 'The folders and files of a folder the caller may see (or every file below it with recursive=true)',
      query: ListFilesQuerySchema,
      response: { description: 'The listing', schema: FileListSchema },
      handle: async ({ query, principal, req }) => {
        const listing = await listFiles(content.files, { actor: await content.actor(principal), ...(query.folder ? { folder: query.folder } : {}), recursive: query.recursive });
        return { folder: listing.folder, folders: listing.folders, files: listing.files.map((f) => fileJson(req, f)) };
      },
    }),
    defineRoute({
      method: 'post', path: '/api/files/write', tag: TAG, access: 'authenticated',
      summary: 'Write a file: a new file is the caller\'s; an existing one gets a new version (owner or admin only)',
      body: WriteFileRequestSchema, status: 201, errors: [403],
      response: { description: 'The file after the write', schema: WriteFileResultSchema },
      handle: async ({ body, principal, req }) => {
        const { file, written } = await writeFile(content.files, {
          actor: await content.actor(principal), path: body.path, bytes: Buffer.from(body.content, body.encoding),
          ...(body.content_type ? { content_type: body.content_type } : {}), ...(body.metadata ? { metadata: body.metadata } : {}),
        });
        return { ...fileJson(req, file), written };
      },
    }),
    defineRoute({
      method: 'get', path: '/api/files/history', tag: TAG, access: 'authenticated',
      summary: 'The versions of a file, oldest first',
      query: FileHistoryQuerySchema, errors: [404],
      response: { description: 'The versions', schema: FileHistorySchema },
      handle: async ({ query, principal }) => {
        const { file, versions } = await listFileVersions(content.files, { actor: await content.actor(principal), path: query.path });
        return {
          path: file.path,
          versions: versions.map((v) => ({
            version: v.version, size: v.size, content_type: mediaTypeOr(v.content_type), sha256: v.sha256, metadata: v.metadata, source_version: v.source_version,
            created_at: v.created_at.toISOString(),
          })),
        };
      },
    }),
    defineRoute({
      method: 'get', path: '/api/files/*path', tag: TAG, access: 'authenticated',
      summary: 'Download a file (the newest version, or ?version=N); metadata in X-Meta-* headers',
      params: FilePathParamsSchema, query: ReadFileQuerySchema, errors: [404],
      response: {
        description: 'The bytes, with the version\'s Content-Type, ETag (sha256) and X-File-Version; as an attachment unless the type is one '
          + 'a browser shows without running script (docs/content.md, "Serving files")',
      },
      handle: async ({ params, query, principal, res }) => {
        const { version, bytes } = await readFile(content.files, { actor: await content.actor(principal), path: params.path, ...(query.version ? { version: query.version } : {}) });
        res.setHeader('ETag', `"${version.sha256}"`);
        res.setHeader('X-File-Version', String(version.version));
        for (const [key, value] of Object.entries(version.metadata)) {
          // Only header-safe names and values travel as headers; the history endpoint has them all.
          if (/^[\w-]+$/.test(key) && /^[\x20-\x7e]*$/.test(value)) res.setHeader(`X-Meta-${key}`, value);
        }
        sendStoredFile(res, { bytes, contentType: version.content_type, name: params.path.slice(params.path.lastIndexOf('/') + 1) });
      },
    }),
  ];
}
