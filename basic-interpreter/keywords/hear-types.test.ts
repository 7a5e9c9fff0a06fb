import type { Value } from '../values.js';
import { englishPrompt, hearTypes, type HearAttachment } from './index.js';

const ctx = { now: () => new Date('2024-05-31T23:30:00Z') };
const hear = (type: string, input: string, attachments: HearAttachment[] = []) => hearTypes[type]!(input, ctx, attachments);
/** The outcome with its re-ask rendered in English, as a customer reads it. */
const heard = (type: string, input: string, attachments: HearAttachment[] = []) => {
  const result = hear(type, input, attachments);
  if (result.ok === true) return result;
  const { prompt, ...rest } = result;
  return { ...rest, message: englishPrompt(prompt) };
};

describe('HEAR types', () => {
  it.each<[string, string, Value]>([
    ['STRING', '  hello there ', 'hello there'],
    ['TEXT', 'x', 'x'],
    ['EMAIL', ' Ana.Maria+bot@Example.COM ', 'ana.maria+bot@example.com'],
    ['EMAIL', 'a@sub.domain.co.uk', 'a@sub.domain.co.uk'],
    ['NAME', '  maria   DA silva ', 'Maria da Silva'],
    ['NAME', 'JOHN SMITH', 'John Smith'],
    ['NAME', 'mary-jane o’brien', "Mary-Jane O'Brien"],
    ['NAME', 'José Álvares', 'José Álvares'],
    ['NAME', 'dos Santos', 'Dos Santos'],
    ['NAME', 'J. R. R. tolkien', 'J. R. R. Tolkien'],
    ['INTEGER', '42', 42],
    ['INTEGER', ' -7 ', -7],
    ['INTEGER', '1,000', 1000],
    ['INTEGER', '1.000.000', 1000000],
    ['INTEGER', '1 000', 1000],
    ['INTEGER', '0', 0],
    ['INTEGER', '1,00', 1],
    ['NUMBER', '3.5', 3.5],
    ['NUMBER', '3,5', 3.5],
    ['NUMBER', '-0,25', -0.25],
    ['NUMBER', '1,234.56', 1234.56],
    ['NUMBER', '1.234,56', 1234.56],
    ['NUMBER', '1,500', 1500],
    ['NUMBER', '0,125', 0.125],
    ['NUMBER', '1234,567', 1234.567],
    ['NUMBER', '.5', 0.5],
    ['NUMBER', '+10', 10],
    ['MONEY', 'R$ 1.234,56', 1234.56],
    ['MONEY', '$5', 5],
    ['MONEY', '12,5', 12.5],
    ['MONEY', '10 USD', 10],
    ['MONEY', 'US$ 99.999', 99999],
    ['MONEY', '€3,14159', 3.14],
    ['MONEY', '0.005', 0.01],
    ['MONEY', '1000', 1000],
    ['DATE', '2024-12-25', '2024-12-25'],
    ['DATE', '25/12/2024', '2024-12-25'],
    ['DATE', '1/6/2024', '2024-06-01'],
    ['DATE', '29.02.2024', '2024-02-29'],
    ['DATE', 'today', '2024-05-31'],
    ['DATE', 'Tomorrow', '2024-06-01'],
    ['DATE', 'yesterday', '2024-05-30'],
    ['DATE', 'amanhã', '2024-06-01'],
    ['DATE', 'Hoje', '2024-05-31'],
    ['HOUR', '14:30', '14:30'],
    ['HOUR', '9:05', '09:05'],
    ['HOUR', '0:00', '00:00'],
    ['HOUR', '9am', '09:00'],
    ['HOUR', '2:30 pm', '14:30'],
    ['HOUR', '2:30 P.M.', '14:30'],
    ['HOUR', '12am', '00:00'],
    ['HOUR', '12 pm', '12:00'],
    ['HOUR', '14h30', '14:30'],
    ['HOUR', '14h', '14:00'],
    ['HOUR', '9', '09:00'],
    ['BOOLEAN', 'yes', true],
    ['BOOLEAN', 'Y', true],
    ['BOOLEAN', 'TRUE', true],
    ['BOOLEAN', 'Sim!', true],
    ['BOOLEAN', '1', true],
    ['BOOLEAN', 'no', false],
    ['BOOLEAN', 'n', false],
    ['BOOLEAN', 'false', false],
    ['BOOLEAN', 'Não', false],
    ['BOOLEAN', 'nao', false],
    ['BOOLEAN', '0', false],
    ['MOBILE', '+1 415 555 2671', '+14155552671'],
    ['MOBILE', '+55 (11) 98765-4321', '+5511987654321'],
    ['MOBILE', '0044 7911 123456', '+447911123456'],
    ['MOBILE', '+351 912 345 678', '+351912345678'],
    ['ZIPCODE', '12345', '12345'],
    ['ZIPCODE', ' 12345-6789 ', '12345-6789'],
    ['ZIPCODE', '01310-100', '01310-100'],
    ['ZIPCODE', 'sw1a 1aa', 'SW1A 1AA'],
    ['ZIPCODE', 'k1a  0b1', 'K1A 0B1'],
    ['URL', 'https://Example.com', 'https://example.com/'],
    ['URL', 'http://example.com/a?b=1#c', 'http://example.com/a?b=1#c'],
    ['URL', 'www.example.com/path', 'https://www.example.com/path'],
    ['UUID', '123E4567-E89B-12D3-A456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
    ['UUID', '{0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b}', '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'],
  ])('%s accepts %j as %j', (type, input, expected) => {
    expect(hear(type, input)).toEqual({ ok: true, value: expected });
  });

  it.each<[string, string]>([
    ['STRING', '   '],
    ['TEXT', ''],
    ['EMAIL', 'name'],
    ['EMAIL', 'name@example'],
    ['EMAIL', 'a b@example.com'],
    ['EMAIL', 'a..b@example.com'],
    ['EMAIL', 'a@@example.com'],
    ['NAME', 'A'],
    ['NAME', 'R2D2'],
    ['NAME', 'ana@x'],
    ['NAME', "-'."],
    ['NAME', 'a'.repeat(101)],
    ['INTEGER', '1.5'],
    ['INTEGER', 'ten'],
    ['INTEGER', '1,25'],
    ['INTEGER', ''],
    ['INTEGER', '99999999999999999999'],
    ['NUMBER', '3,5,1'],
    ['NUMBER', '1.2.3'],
    ['NUMBER', '12abc'],
    ['NUMBER', '1,234,56'],
    ['NUMBER', '1e5'],
    ['MONEY', '-5'],
    ['MONEY', 'free'],
    ['MONEY', ''],
    ['DATE', '31/02/2024'],
    ['DATE', '2024-13-01'],
    ['DATE', '13/25/2024'],
    ['DATE', 'Smarch 3, 2024'],
    ['CPF', '123.456.789-00'],
    ['CNPJ', '11.222.333/0001-80'],
    ['CREDITCARD', '4111 1111 1111 1112'],
    ['COLOR', 'ultraviolet'],
    ['PASSWORD', 'short1'],
    ['IMAGE', 'https://x.example/a.pdf'],
    ['BOOLEAN', 'maybe'],
    ['DATE', 'next week'],
    ['DATE', '24-12-25'],
    ['HOUR', '24:00'],
    ['HOUR', '12:60'],
    ['HOUR', '13pm'],
    ['HOUR', '0am'],
    ['HOUR', 'noon'],
    ['BOOLEAN', 'maybe'],
    ['BOOLEAN', ''],
    ['MOBILE', '11987654321'],
    ['MOBILE', '+1 555'],
    ['MOBILE', '+15551234567'],
    ['MOBILE', 'call me +14155552671'],
    ['ZIPCODE', 'AB'],
    ['ZIPCODE', 'ABCDE'],
    ['ZIPCODE', '12345678901'],
    ['ZIPCODE', '123-45-67'],
    ['URL', 'ftp://example.com'],
    ['URL', 'javascript:alert(1)'],
    ['URL', 'mailto:a@example.com'],
    ['URL', 'https://user:pw@example.com'],
    ['URL', 'example'],
    ['URL', 'http://exa mple.com'],
    ['UUID', '123e4567-e89b-12d3-a456-42661417400'],
    ['UUID', 'not-a-uuid'],
  ])('%s rejects %j with a message', (type, input) => {
    const result = hear(type, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(englishPrompt(result.prompt)).toMatch(/^Please .+\.$/);
  });

  it('explains the expected format in the message', () => {
    expect(hear('EMAIL', 'x')).toEqual({ ok: false, prompt: { key: 'email' } });
    expect(englishPrompt({ key: 'email' })).toBe('Please enter a valid email address, like name@example.com.');
    expect(englishPrompt({ key: 'mobile' })).toContain('country code');
    expect(hear('DATE', 'x')).toEqual({ ok: false, prompt: { key: 'date' } });
    expect(englishPrompt({ key: 'date' })).toContain('31/12/2024');
  });

  it('has every type under an upper-case name', () => {
    expect(Object.keys(hearTypes).sort()).toEqual(
      [
        'AUDIO', 'BOOLEAN', 'CNPJ', 'COLOR', 'CPF', 'CREDITCARD', 'CURRENCY', 'DATE', 'DECIMAL', 'DOC', 'DOCUMENT', 'DOUBLE', 'EMAIL', 'FILE',
        'FLOAT', 'HOUR', 'IMAGE', 'INTEGER', 'LANGUAGE', 'LOGIN', 'MOBILE', 'MONEY', 'NAME', 'NUMBER', 'PASSWORD', 'PDF', 'PHONE', 'PHOTO', 'QRCODE',
        'STRING', 'TEXT', 'TIME', 'URL', 'UUID', 'VIDEO', 'VOICE', 'ZIPCODE',
      ],
    );
  });

  it.each<[string, string, Value]>([
    ['DATE', '12/25/2024', '2024-12-25'],
    ['DATE', 'December 25, 2024', '2024-12-25'],
    ['DATE', '25 de dezembro de 2024', '2024-12-25'],
    ['BOOLEAN', 'ok', true], ['BOOLEAN', 'sure', true], ['BOOLEAN', 'confirm', true], ['BOOLEAN', 'cancel', false], ['BOOLEAN', 'deny', false],
    ['CPF', '529.982.247-25', '52998224725'],
    ['CNPJ', '11.222.333/0001-81', '11222333000181'],
    ['CREDITCARD', '4111 1111 1111 1111', '4111111111111111'],
    ['COLOR', '#f80', '#FF8800'], ['COLOR', 'azul', '#0000FF'],
    ['LANGUAGE', 'Português', 'pt'],
    ['FLOAT', '3,25', 3.25],
    ['PHONE', '+1 415 555 2671', '+14155552671'],
    ['PASSWORD', 'secret123', 'secret123'],
    ['VIDEO', 'https://x.example/v.mp4', 'https://x.example/v.mp4'],
  ])('%s accepts %j as %j', (type, input, value) => {
    expect(hear(type, input)).toEqual({ ok: true, value });
  });

  it('QRCODE hands a link to the host to read; typed text, even a code\'s content, is asked again', () => {
    const prompt = { key: 'send_qrcode' };
    expect(hear('QRCODE', ' https://files.example/code.png ')).toEqual({ ok: 'host', effect: { type: 'qrcode.read', url: 'https://files.example/code.png' }, prompt });
    for (const text of ['TICKET-42', 'ftp://files.example/code.png', '']) expect(hear('QRCODE', text)).toEqual({ ok: false, prompt });
  });

  describe('media types answered with a file the message carries', () => {
    const photo: HearAttachment = { type: 'image', url: '/api/channels/mobile_msg/b/media/M1', mime_type: 'image/jpeg', media_id: 'M1' } as HearAttachment;
    const pdf: HearAttachment = { type: 'file', name: 'contract.pdf', mime_type: 'application/pdf' };
    const zip: HearAttachment = { type: 'file', name: 'backup.zip' };
    const voice: HearAttachment = { type: 'audio', mime_type: 'audio/ogg', voice: true };
    const song: HearAttachment = { type: 'audio', name: 'song.mp3' };
    const clip: HearAttachment = { type: 'video', mime_type: 'video/mp4' };
    const pngAsFile: HearAttachment = { type: 'file', name: 'code.png', mime_type: 'image/png' };
    const place: HearAttachment = { type: 'location' };
    const handed = (kind: string, attachment: HearAttachment, message: string) => ({ ok: 'host', effect: { type: 'hear.file', kind, attachment }, message });

    it.each<[string, HearAttachment[], string, string]>([
      ['IMAGE', [photo], 'image', 'Please send an image.'],
      ['PHOTO', [place, photo], 'image', 'Please send an image.'],
      ['IMAGE', [pngAsFile], 'image', 'Please send an image.'],
      ['FILE', [zip], 'file', 'Please send a file.'],
      ['FILE', [place, photo], 'file', 'Please send a file.'],
      ['DOCUMENT', [pdf], 'document', 'Please send a document (PDF, Word, Excel, PowerPoint, text or CSV).'],
      ['DOC', [pdf], 'document', 'Please send a document (PDF, Word, Excel, PowerPoint, text or CSV).'],
      ['PDF', [pdf], 'document', 'Please send a PDF file.'],
      ['AUDIO', [song], 'audio', 'Please send an audio message.'],
      ['VOICE', [song], 'audio', 'Please send an audio message.'],
      ['VIDEO', [clip], 'video', 'Please send a video.'],
      ['QRCODE', [pngAsFile], 'qrcode', 'Please send a picture of the QR code.'],
    ])('%s hands the fitting file to the host', (type, attachments, kind, message) => {
      const fitting = attachments.find((a) => a.type !== 'location')!;
      expect(heard(type, 'a caption', attachments)).toEqual(handed(kind, fitting, message));
    });

    it.each<[string, HearAttachment[]]>([
      ['IMAGE', [pdf]], ['IMAGE', [place]], ['DOCUMENT', [zip]], ['DOCUMENT', [photo]], ['PDF', [{ type: 'file', name: 'a.docx' }]],
      ['AUDIO', [clip]], ['VIDEO', [photo]], ['QRCODE', [pdf]], ['FILE', [place]],
    ])('%s asks again for a file of another kind', (type, attachments) => {
      expect(heard(type, '', attachments)).toMatchObject({ ok: false, message: expect.stringMatching(/^Please send /) });
    });

    it('AUDIO takes a voice note the channel transcribed as its text; an untranscribed one goes to the host', () => {
      expect(hear('AUDIO', ' I need a plumber ', [voice])).toEqual({ ok: true, value: 'I need a plumber' });
      expect(heard('AUDIO', '', [voice])).toEqual(handed('audio', voice, 'Please send an audio message.'));
    });

    it('a file without a name or media type counts as a document', () => {
      const unnamed: HearAttachment = { type: 'file' };
      expect(hear('DOCUMENT', '', [unnamed])).toMatchObject({ ok: 'host' });
      expect(hear('DOCUMENT', '', [{ type: 'file', mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }])).toMatchObject({ ok: 'host' });
    });
  });

  it('LOGIN takes no typed answer: only a sign-in answers it (the host resumes the dialog with the user)', () => {
    expect(heard('LOGIN', 'admin')).toEqual({ ok: false, message: 'Please sign in with the link to continue.' });
  });
});
