import { z } from 'zod';

const IsoDateTime = z.iso.datetime({ offset: true });

export const InsightsQuerySchema = z
  .object({
    bot_id: z.uuid().optional().meta({ description: 'One bot; all bots when absent' }),
    from: IsoDateTime.optional().meta({ description: 'Window start (ISO 8601, inclusive); `to` minus 24 hours when absent' }),
    to: IsoDateTime.optional().meta({ description: 'Window end (ISO 8601, exclusive); now when absent' }),
  })
  .meta({ id: 'AttendanceInsightsQuery' });

const Metric = z.number().nullable();

export const InsightsMetricsSchema = z
  .object({
    avg_wait_time: Metric.meta({ description: 'Seconds, mean queued → accepted of cycles accepted in the window' }),
    first_response_time: Metric.meta({ description: 'Seconds, mean accepted → first attendant message, first messages in the window' }),
    resolution_rate: Metric.meta({ description: 'Percent of cycles queued in the window resolved by its end' }),
    customer_satisfaction: Metric.meta({ description: 'Mean survey score (0–10) of answers in the window' }),
    attendant_utilization: Metric.meta({ description: 'Percent of online/busy time attendants held at least one conversation' }),
    transfers_rate: Metric.meta({ description: 'Percent of cycles queued in the window transferred or requeued' }),
    video_call_requests: Metric.meta({ description: 'Video rooms asked for in the window (docs/meetings.md, "Insights")' }),
    video_calls_completed: Metric.meta({ description: 'Percent of those rooms in which two participants were connected' }),
    avg_video_duration: Metric.meta({ description: 'Seconds, mean length of the video calls that ended in the window' }),
    screen_share_usage: Metric.meta({ description: 'Percent of the video calls started in the window in which a screen was shared' }),
    transcription_accuracy: Metric.meta({ description: 'Percent, mean 100 × (1 − word error rate) of transcripts scored against a reference' }),
    calls: Metric.meta({ description: 'Phone calls started in the window (docs/attendance/insights-and-survey.md, "Phone calls")' }),
    avg_call_wait_time: Metric.meta({ description: 'Seconds, mean call queued → taken by an attendant, calls taken in the window' }),
    avg_call_answer_time: Metric.meta({ description: 'Seconds, mean call started → taken by an attendant (the bot\'s part included), calls taken in the window' }),
    avg_call_talk_time: Metric.meta({ description: 'Seconds, mean taken → call ended, taken calls that ended in the window' }),
    call_holds: Metric.meta({ description: 'Times attendants put a call on hold in the window' }),
    call_transfers: Metric.meta({ description: 'Calls transferred (to an attendant or a number) in the window' }),
    abandoned_calls: Metric.meta({ description: 'Calls whose caller hung up while queued, before anyone took them' }),
    voicemails: Metric.meta({ description: 'Calls that ended with a voicemail (each leaves a voicemail ticket)' }),
  })
  .meta({ id: 'AttendanceInsightsMetrics' });

const TargetSchema = z
  .object({
    below: z.number().optional(),
    above: z.number().optional(),
    unit: z.enum(['seconds', 'percent', 'score', 'count']),
    met: z.boolean().nullable().meta({ description: 'Null without data or without a target' }),
  })
  .meta({ id: 'AttendanceInsightTarget' });

export const InsightsSchema = z
  .object({
    bot_id: z.string().nullable(),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    metrics: InsightsMetricsSchema,
    targets: z.record(z.enum(Object.keys(InsightsMetricsSchema.shape) as [keyof typeof InsightsMetricsSchema.shape]), TargetSchema),
    counts: z.object({
      conversations: z.number().int().meta({ description: 'Cycles queued in the window' }),
      resolved: z.number().int(),
      transferred: z.number().int(),
      surveys: z.number().int(),
    }),
    campaigns: z.object({
      campaign_id: z.uuid(), campaign_name: z.string(), status: z.string(), sent: z.number().int(), delivered: z.number().int(),
      replied: z.number().int(), handed_off: z.number().int(), deals_won: z.number().int(),
    }).array().meta({ description: 'Proactive campaigns that ran in the window and their results (docs/crm.md, "Proactive campaigns")' }),
  })
  .meta({ id: 'AttendanceInsights' });

export const CrmLogQuerySchema = z
  .object({
    contact_id: z.uuid().optional().meta({ description: 'The CRM contact' }),
    session_id: z.uuid().optional().meta({ description: 'The session' }),
    bot_id: z.uuid().optional(),
    limit: z.coerce.number().int().min(1).max(500).optional().meta({ description: 'At most this many entries (default 100)' }),
  })
  .refine((q) => q.contact_id !== undefined || q.session_id !== undefined, { message: 'contact_id or session_id is required', path: ['contact_id'] })
  .meta({ id: 'CrmAttendanceLogQuery' });

export const CrmLogEntrySchema = z
  .object({
    id: z.uuid(),
    bot_id: z.uuid(),
    contact_id: z.uuid().nullable(),
    session_id: z.uuid().nullable(),
    fields: z.record(z.string(), z.unknown()).meta({ description: 'The fields named by attendance-log-fields, plus customer_satisfaction once the survey is answered' }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'CrmAttendanceLogEntry' });

export const CrmLogListSchema = CrmLogEntrySchema.array().meta({ id: 'CrmAttendanceLogList' });
