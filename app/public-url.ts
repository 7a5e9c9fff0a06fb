import type { ProcessSettings } from '../config/index.js';

/**
 * Where links sent out (meeting joins, drive files, sign-in pages, sites) point: PUBLIC_URL, or
 * this instance's own address, which is known only once it listens (`listening`).
 */
export interface PublicUrl {
  (): string;
  listening(url: string): void;
}

export function createPublicUrl(settings: Pick<ProcessSettings, 'PUBLIC_URL'>): PublicUrl {
  let own = '';
  const publicUrl = (() => settings.PUBLIC_URL?.replace(/\/$/, '') ?? own) as PublicUrl;
  publicUrl.listening = (url) => { own = url; };
  return publicUrl;
}
