import { matchMenuOption } from '../../basic-interpreter/keywords/index.js';
import type { OutboundMessage, Suggestion } from '../../engine/index.js';
import { answerOfOption } from './option-id.js';
import { renderMobileMsg } from './render-mobile-msg.js';

const message = (text: string, suggestions?: Suggestion[], extra: Partial<OutboundMessage> = {}): OutboundMessage => ({
  session_id: 's1', channel: 'mobile_msg', to: '5511987654321', text, from: 'bot', ...(suggestions ? { suggestions } : {}), ...extra,
});
const options = (...labels: string[]) => labels.map((l) => ({ key: l, label: l }));
type Interactive = { type: string; body: { text: string }; action: { buttons?: { reply: { id: string; title: string } }[]; sections?: { rows: { id: string; title: string; description?: string }[] }[] } };

describe('mobile_msg rendering', () => {
  test('plain text is one text message to the customer', () => {
    expect(renderMobileMsg(message('Hello'))).toEqual([
      { messaging_product: 'whatsapp', recipient_type: 'individual', to: '5511987654321', type: 'text', text: { body: 'Hello', preview_url: false } },
    ]);
  });

  test('text over 4,096 characters is split at spaces, nothing lost', () => {
    const words = Array.from({ length: 1500 }, (_, i) => `word${i}`).join(' ');
    const bodies = renderMobileMsg(message(words));
    const texts = bodies.map((b) => (b.text as { body: string }).body);
    expect(texts.length).toBeGreaterThan(1);
    for (const t of texts) expect(Array.from(t).length).toBeLessThanOrEqual(4096);
    expect(texts.join(' ')).toBe(words);
  });

  test('up to 3 options are reply buttons with shortened titles and ids that round-trip to the menu', () => {
    const menu = options('Pizza', 'A very long option label indeed', 'Salad');
    const [body] = renderMobileMsg(message('What would you like?', menu));
    const interactive = body!.interactive as Interactive;
    expect(interactive.type).toBe('button');
    expect(interactive.body.text).toBe('What would you like?');
    const buttons = interactive.action.buttons!;
    expect(buttons.map((b) => b.reply.title)).toEqual(['Pizza', 'A very long option…', 'Salad']);
    for (const b of buttons) expect(Array.from(b.reply.title).length).toBeLessThanOrEqual(20);
    for (const [i, b] of buttons.entries()) expect(matchMenuOption(answerOfOption(b.reply.id, b.reply.title), menu)).toBe(menu[i]);
  });

  test('4 to 10 options are a list (titles ≤ 24, descriptions ≤ 72) whose rows round-trip', () => {
    const menu = options('One', 'Two', 'Three', 'Four', 'An option whose label is far longer than twenty-four characters');
    const [body] = renderMobileMsg(message('Pick one', menu));
    const interactive = body!.interactive as Interactive;
    expect(interactive.type).toBe('list');
    const rows = interactive.action.sections![0]!.rows;
    expect(rows).toHaveLength(5);
    expect(rows[4]!.title).toBe('An option whose label i…');
    expect(Array.from(rows[4]!.description!).length).toBeLessThanOrEqual(72);
    for (const [i, r] of rows.entries()) expect(matchMenuOption(answerOfOption(r.id, r.title), menu)).toBe(menu[i]);
  });

  test('more than 10 options are numbered in the text, and the number answers the menu', () => {
    const menu = options(...Array.from({ length: 12 }, (_, i) => `Option ${i + 1}`));
    const bodies = renderMobileMsg(message('Choose', menu));
    expect(bodies).toHaveLength(1);
    expect((bodies[0]!.text as { body: string }).body).toContain('12. Option 12');
    expect(matchMenuOption('12', menu)).toBe(menu[11]);
  });

  test('a key too long for an id becomes the option number', () => {
    const menu = [{ key: 'k'.repeat(300), label: 'Long key' }];
    const [body] = renderMobileMsg(message('Go?', menu));
    const id = (body!.interactive as Interactive).action.buttons![0]!.reply.id;
    expect(id).toBe('sb#1');
    expect(matchMenuOption(answerOfOption(id, 'Long key'), menu)).toBe(menu[0]);
  });

  test('attachments go by link, after the text', () => {
    const bodies = renderMobileMsg(message('Here it is', undefined, {
      attachments: [
        { type: 'image', url: 'https://files.example.test/a.png', caption: 'the photo' },
        { type: 'file', url: 'https://files.example.test/a.pdf', name: 'a.pdf' },
      ],
    }));
    expect(bodies.slice(1).map(({ type, image, document }) => ({ type, image, document }))).toEqual([
      { type: 'image', image: { link: 'https://files.example.test/a.png', caption: 'the photo' }, document: undefined },
      { type: 'document', image: undefined, document: { link: 'https://files.example.test/a.pdf', filename: 'a.pdf' } },
    ]);
  });
});
