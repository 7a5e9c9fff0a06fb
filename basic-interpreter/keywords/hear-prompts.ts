/**
 * What HEAR says to the customer after an answer it cannot take, by key. The interpreter speaks
 * English (these texts); a host that knows the bot's language renders the key itself
 * (`ctx.hearPrompt`, vm/hear.ts), from its message catalogue, so the interpreter holds no
 * language but this one and does no I/O.
 */
export const HEAR_PROMPTS = {
  answer: 'Please type your answer.',
  email: 'Please enter a valid email address, like name@example.com.',
  name: 'Please enter your name using letters only, like Maria Silva.',
  yes_no: 'Please answer yes or no.',
  mobile: 'Please enter your mobile number with the country code, like +55 11 91234-5678 or +1 415 555 2671.',
  zipcode: 'Please enter a postal code, like 12345, 12345-6789 or 01310-100.',
  url: 'Please enter a web address, like https://example.com.',
  uuid: 'Please enter a valid code, like 123e4567-e89b-12d3-a456-426614174000.',
  integer: 'Please enter a whole number, like 42.',
  number: 'Please enter a number, like 42 or 3.5.',
  money: 'Please enter an amount, like 25 or 1,234.56.',
  date: 'Please enter a date like 31/12/2024 or 2024-12-31 (or today, tomorrow).',
  hour: 'Please enter a time like 14:30 or 2:30 pm.',
  phone: 'Please enter a phone number, like +55 11 3456-7890.',
  password: 'Please choose a password of at least 8 characters with letters and digits.',
  color: 'Please enter a color, like #FF8800 or blue.',
  cpf: 'Please enter a valid CPF, like 123.456.789-09.',
  cnpj: 'Please enter a valid CNPJ, like 11.222.333/0001-81.',
  credit_card: 'Please enter a valid card number.',
  language: 'Please tell me a language, like English or pt.',
  sign_in: 'Please sign in with the link to continue.',
  send_image: 'Please send an image.',
  send_audio: 'Please send an audio message.',
  send_video: 'Please send a video.',
  send_file: 'Please send a file.',
  send_document: 'Please send a document (PDF, Word, Excel, PowerPoint, text or CSV).',
  send_pdf: 'Please send a PDF file.',
  send_qrcode: 'Please send a picture of the QR code.',
  /** `{{options}}`: the menu's options, comma-separated. */
  menu: 'Please choose one of: {{options}}.',
} as const;

export type HearPromptKey = keyof typeof HEAR_PROMPTS;

/** A prompt to render: its key and, for `menu`, the options. */
export interface HearPrompt {
  key: HearPromptKey;
  params?: Readonly<Record<string, string>>;
}

/** The prompt in English. */
export function englishPrompt(prompt: HearPrompt): string {
  return HEAR_PROMPTS[prompt.key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => prompt.params?.[name] ?? '');
}
