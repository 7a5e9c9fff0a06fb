import type { InlineKeyboardMarkup } from 'grammy/types';

/** Telegram's limit on a button's `callback_data`, in bytes. */
export const CALLBACK_DATA_MAX_BYTES = 64;

/** A HEAR menu's option or a quick reply, as the engine hands them over. */
export interface KeyboardOption {
  key: string;
  label: string;
}

/**
 * The options as an inline keyboard, one button per row. A button's `callback_data` is the
 * option's key when it fits in 64 bytes; a longer key is sent as `#<n>` (its position) and read
 * back from the keyboard the callback query carries ({@link optionOfCallback}).
 */
export function inlineKeyboard(options: readonly KeyboardOption[]): InlineKeyboardMarkup {
  return {
    inline_keyboard: options.map((option, i) => [{ text: option.label, callback_data: callbackDataOf(option.key, i) }]),
  };
}

function callbackDataOf(key: string, index: number): string {
  return Buffer.byteLength(key, 'utf8') <= CALLBACK_DATA_MAX_BYTES && !key.startsWith('#') ? key : `#${index + 1}`;
}

/**
 * The option a pressed button stands for: its `callback_data`, or for a `#<n>` placeholder the
 * button's text in the keyboard of the message it was pressed on. Undefined when neither is known.
 */
export function optionOfCallback(data: string | undefined, keyboard: InlineKeyboardMarkup | undefined): string | undefined {
  if (data === undefined) return undefined;
  if (!/^#\d+$/.test(data)) return data;
  const button = keyboard?.inline_keyboard.flat().find((b) => 'callback_data' in b && b.callback_data === data);
  return button?.text;
}
