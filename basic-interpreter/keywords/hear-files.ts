import type { HearPromptKey } from './hear-prompts.js';
import type { HearAttachment, HearResult, HearType } from './hear-types.js';

/**
 * The media types of HEAR (docs/basic.md, "HEAR"): the answer is a file the customer sends.
 * A file the message carries (an attachment, on any channel) is handed to the host, which keeps
 * it in the bot's drive and answers its link (`hear.file`); QRCODE's host answers the code's text
 * instead. Without a fitting attachment, the message's text may be an http(s) link to such a file
 * (with a fitting extension; QRCODE's link the host fetches and reads). AUDIO takes a voice note
 * the channel transcribed as its transcription, as the keyword reference's AUDIO answers text.
 * Anything else asks again.
 */

/** What the host makes of the customer's file: its link, or for `qrcode` the code's text. */
export type HearFileKind = 'image' | 'audio' | 'video' | 'file' | 'document' | 'qrcode';

const reject = (key: HearPromptKey): HearResult => ({ ok: false, prompt: { key } });

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'heic'];
const AUDIO_EXTENSIONS = ['mp3', 'ogg', 'oga', 'opus', 'wav', 'm4a', 'aac', 'amr'];
const VIDEO_EXTENSIONS = ['mp4', 'mov', 'webm', '3gp', 'mkv'];
const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'txt', 'csv'];
/** The media types of the document extensions, for files sent without a name. */
const DOCUMENT_MEDIA_TYPES = [
  'application/pdf', 'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint', 'application/rtf', 'text/plain', 'text/csv',
];

function extensionOf(name: string | undefined): string {
  return /\.([a-z0-9]+)$/i.exec(name ?? '')?.[1]?.toLowerCase() ?? '';
}

const isDocument = (a: HearAttachment): boolean => {
  if (a.type !== 'file') return false;
  if (a.name !== undefined && extensionOf(a.name) !== '') return DOCUMENT_EXTENSIONS.includes(extensionOf(a.name));
  const mime = a.mime_type?.toLowerCase().split(';')[0]?.trim();
  if (mime === undefined) return true; // nothing tells: a file is what the customer sent
  return DOCUMENT_MEDIA_TYPES.includes(mime) || mime.startsWith('application/vnd.openxmlformats-officedocument.') || mime.startsWith('application/vnd.oasis.opendocument.');
};
const isPicture = (a: HearAttachment): boolean => a.type === 'image' || (a.type === 'file' && (a.mime_type?.toLowerCase().startsWith('image/') ?? false));

/** An http(s) link in the message's text, when its path ends in one of `extensions` (none: any). */
function linkIn(input: string, extensions: readonly string[]): URL | undefined {
  const text = input.trim();
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) return undefined;
  return extensions.length === 0 || extensions.includes(extensionOf(url.pathname)) ? url : undefined;
}

interface MediaType {
  kind: Exclude<HearFileKind, 'qrcode'>;
  /** Asked again with this prompt ("Please send an image."). */
  prompt: HearPromptKey;
  fits: (a: HearAttachment) => boolean;
  extensions: readonly string[];
}

function mediaType({ kind, prompt, fits, extensions }: MediaType): HearType {
  return (input, _ctx, attachments) => {
    const attachment = attachments.find(fits);
    if (attachment) return { ok: 'host', effect: { type: 'hear.file', kind, attachment }, prompt: { key: prompt } };
    const url = linkIn(input, extensions);
    return url ? { ok: true, value: url.href } : reject(prompt);
  };
}

/** Typed text is never taken as the code's content: the reference reads the code "from image". */
const qrCode: HearType = (input, _ctx, attachments) => {
  const picture = attachments.find(isPicture);
  if (picture) return { ok: 'host', effect: { type: 'hear.file', kind: 'qrcode', attachment: picture }, prompt: { key: 'send_qrcode' } };
  const url = linkIn(input, []);
  return url ? { ok: 'host', effect: { type: 'qrcode.read', url: url.href }, prompt: { key: 'send_qrcode' } } : reject('send_qrcode');
};

const image = mediaType({ kind: 'image', prompt: 'send_image', fits: isPicture, extensions: IMAGE_EXTENSIONS });
const linkOrFileAudio = mediaType({ kind: 'audio', prompt: 'send_audio', fits: (a) => a.type === 'audio', extensions: AUDIO_EXTENSIONS });
/** A voice note the channel transcribed (its text is the transcription): that text; else the recording's link. */
const audio: HearType = (input, ctx, attachments) => {
  const transcribed = input.trim() !== '' && attachments.some((a) => a.type === 'audio' && a.voice === true);
  return transcribed ? { ok: true, value: input.trim() } : linkOrFileAudio(input, ctx, attachments);
};
const document = mediaType({ kind: 'document', prompt: 'send_document', fits: isDocument, extensions: DOCUMENT_EXTENSIONS });

export const fileHearTypes: Record<string, HearType> = {
  IMAGE: image,
  PHOTO: image,
  AUDIO: audio,
  VOICE: audio,
  VIDEO: mediaType({ kind: 'video', prompt: 'send_video', fits: (a) => a.type === 'video', extensions: VIDEO_EXTENSIONS }),
  FILE: mediaType({ kind: 'file', prompt: 'send_file', fits: (a) => a.type !== 'location', extensions: [] }),
  DOCUMENT: document,
  DOC: document,
  PDF: mediaType({
    kind: 'document', prompt: 'send_pdf', extensions: ['pdf'],
    fits: (a) => a.type === 'file' && (extensionOf(a.name) === 'pdf' || a.mime_type?.toLowerCase() === 'application/pdf'),
  }),
  QRCODE: qrCode,
};
