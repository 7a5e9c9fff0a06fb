/** The file store (docs/content.md, "Files"): the FileStore port, its two drivers, and the file use cases. */
export { versionKey, type FileStore, type StoredObject } from './file-store.js';
export { createLocalFileStore } from './local-file-store.js';
export { createS3Client, createS3FileStore, type S3StoreSettings } from './s3-file-store.js';
export { createFileStore, type FileStoreSettings } from './create-file-store.js';
export type { FilesDeps } from './files-deps.js';
export { writeFile, type WriteFileInput } from './write-file.js';
export { assertStorageRoom, type StorageQuota, type StorageWrite } from './storage-quota.js';
export { quotaDrive } from './drive-quota.js';
export { readFile, listFileVersions, type ReadFile } from './read-file.js';
export { listFiles, type FolderListing } from './list-files.js';
export { filePath, folderOf } from './file-path.js';
export { createStoreDrive } from './bot-drive.js';
export { createDriveLinks, driveLinkKey, DRIVE_LINK_PATH, DRIVE_LINK_TTL_SECONDS, type DriveLinks, type DriveLinkCheck, type DriveLinkRequest } from './drive-links.js';
export { openDriveLink, type OpenDriveLinkDeps } from './open-drive-link.js';
