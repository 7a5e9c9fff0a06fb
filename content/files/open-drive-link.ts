import type { FileStore as DriveStore } from '../../basic-interpreter/index.js';
import { ForbiddenError, NotFoundError } from '../../infra/errors.js';
import type { DriveLinkRequest, DriveLinks } from './drive-links.js';

export interface OpenDriveLinkDeps {
  links: Pick<DriveLinks, 'check'>;
  /** The drive of the bot with this name, undefined when there is no such bot. */
  drive(bot: string): DriveStore | undefined;
}

/**
 * A customer opens a link SEND FILE gave them (docs/content.md, "The bot drive"): a link not
 * signed here, or expired, is refused (403) before anything is read; a file gone since is 404.
 * Resolves to the file's name and bytes.
 */
export async function openDriveLink(deps: OpenDriveLinkDeps, link: DriveLinkRequest): Promise<{ name: string; bytes: Buffer }> {
  const check = deps.links.check(link);
  if (check === 'forged') throw new ForbiddenError('This download link is not valid');
  if (check === 'expired') throw new ForbiddenError('This download link has expired');
  const bytes = await deps.drive(link.bot)?.read(link.path);
  if (bytes === undefined) throw new NotFoundError('The file of this link is no longer in the bot\'s drive', 'file_not_found');
  return { name: link.path.slice(link.path.lastIndexOf('/') + 1), bytes };
}
