import { defaultBotConfig } from '../../config/index.js';
import { EMAIL_JOBS, enqueueMail, SEND_RETRY, SendJobSchema } from './email-jobs.js';
import type { EmailNotice } from './email-templates.js';

const notice: EmailNotice = {
  kind: 'resolved',
  conversation: { session_id: 's-1', channel: 'web', customer_name: 'Carla', last_message: 'thanks', waiting_seconds: 3 },
};

function recordingJobs() {
  const added: { name: string; data: unknown; options: unknown }[] = [];
  return { added, add: async (name: string, data: unknown, options?: unknown) => { added.push({ name, data, options }); return 'id'; } };
}

describe('enqueueMail', () => {
  test('enqueues one send job with the bot bcc, the rendered template, retries and an idempotent id', async () => {
    const jobs = recordingJobs();
    const config = { ...defaultBotConfig(), 'attendance-email-bcc': 'audit@example.test', 'attendance-email-template': 'plain' };
    expect(await enqueueMail(jobs, config, { to: ['carla@example.test'], notice, jobId: 'email-resolved-s-1-5' })).toBe(true);
    expect(jobs.added).toHaveLength(1);
    const [job] = jobs.added;
    expect(job!.name).toBe(EMAIL_JOBS.send);
    expect(job!.options).toEqual({ ...SEND_RETRY, jobId: 'email-resolved-s-1-5-send' });
    const data = SendJobSchema.parse(job!.data);
    expect(data).toMatchObject({ kind: 'resolved', session_id: 's-1', to: ['carla@example.test'], bcc: ['audit@example.test'] });
    expect(data.subject).toBe('Your conversation has been resolved');
    expect(data.html).toBeUndefined();
    expect(SEND_RETRY.attempts).toBeGreaterThan(1);
  });

  test('nobody to mail: nothing is enqueued; no bcc configured: none is added', async () => {
    const jobs = recordingJobs();
    expect(await enqueueMail(jobs, defaultBotConfig(), { to: [], notice, jobId: 'x' })).toBe(false);
    expect(jobs.added).toHaveLength(0);
    await enqueueMail(jobs, defaultBotConfig(), { to: ['carla@example.test'], notice, jobId: 'y' });
    expect(SendJobSchema.parse(jobs.added[0]!.data).bcc).toBeUndefined();
    expect(SendJobSchema.parse(jobs.added[0]!.data).html).toContain('Carla');
  });
});
