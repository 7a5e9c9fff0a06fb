import { isObjectValue, type Value } from '../values.js';
import type { OutputFile } from './dialog.js';
import { ScriptError } from './operators.js';

const KINDS: Record<string, OutputFile['type']> = {
  png: 'image', jpg: 'image', jpeg: 'image', gif: 'image', webp: 'image', svg: 'image',
  mp3: 'audio', ogg: 'audio', oga: 'audio', wav: 'audio', m4a: 'audio', aac: 'audio', opus: 'audio',
  mp4: 'video', webm: 'video', mov: 'video', '3gp': 'video',
};

/** A file SEND FILE sends: how a channel shows it (an image, audio or video by its name's extension, else a document). */
export function outputFile(url: string, name: string): OutputFile {
  return { type: KINDS[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'file', url, name };
}

/** The file of a `file.share` effect's answer, `{url, name}` (host/effects.ts). */
export function sharedFile(value: Value): OutputFile {
  if (!isObjectValue(value) || typeof value.url !== 'string' || typeof value.name !== 'string') {
    throw new ScriptError('SEND FILE: the host gave no link for the file');
  }
  return outputFile(value.url, value.name);
}
