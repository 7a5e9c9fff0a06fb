import {
  createBotMsgScreen, createMobileMsgScreen, createTeamChatClient, createTeamChatWebhooks, createWorkchatDesk, createWorkchatScreen, createWorkchatVoiceScreen,
  graphAdapterOf,
} from '../adapters/index.js';
import {
  createAssistService, createAttendanceApi, createAttendanceService, createAttendanceWebhookListener, createAttendantInbox, createAutoSummaryListener,
  createDestinationRegistry, createEmailNotificationsListener, createSkillWideningListener, createLiveEventsListener, createMobileMsgDestination, createTeamChatDestination,
  createTeamChatInbox, createTicketLivePublisher, createTicketsListener, createWorkchatDestination, crmAttendanceLogListener, deliveryFailedHandlers,
  createCobrowseRecorder, publishCustomerTyping, recordCallFact, registerAttendanceWebhookJobs, visitorCobrowsePort,
  registerEmailJobs, registerSkillWideningJobs, type AttendanceRepositories, type CallCommandRelay, type CallControlPort,
  createReportsApi, registerReportJobs, resolvedCallListener,
  createBreachAnnouncer, createSlaListener, registerHoursJobs, registerSlaJobs,
} from '../attendance/index.js';
import { createAttendanceReportsRepo, createAttendanceWebhooksRepo, createCannedResponsesRepo, createTeamChatThreadsRepo } from '../db/index.js';
import type { Logger } from '../infra/logger.js';
import type { BotRegistry } from './bot-registry.js';
import { cobrowseRecordings } from './cobrowse-recordings.js';
import { teamChatSettings } from './channel-settings.js';
import type { Conversations } from './conversations.js';
import type { Infrastructure } from './infrastructure.js';
import type { LanguageModels } from './language-models.js';

/**
 * Attendance (docs/attendance/README.md): the service on its repositories, the listeners that react
 * to its changes, the destinations attendants work from, and what the routes and sockets call. It
 * hears from the engine only through the engine's domain events, and screens the queued lines
 * attendants write on customer channels.
 */
export async function wireAttendance(deps: {
  infra: Infrastructure; bots: BotRegistry; conversations: Conversations; repos: AttendanceRepositories; models: LanguageModels; logger: Logger;
  /** The live phone calls, for the call commands and routes (app/call-ports.ts). */
  calls?: CallControlPort;
  /** The instance holding a call, for the call commands of calls another instance holds (app/call-ports.ts). */
  callRelay?: CallCommandRelay;
}) {
  const { infra, bots, conversations, repos, logger } = deps;
  const { engine, adapters } = conversations;
  const { bus, jobs, mailer } = infra;
  const db = infra.database.db;
  const now = () => new Date();
  const configOf = (botId: string) => bots.find(botId)?.config;
  // Attendant assist (tips, polish, replies, summary, sentiment) on the bot's model, with offline fallbacks.
  const assist = createAssistService({
    repos, llmFor: deps.models, now, logger,
    bot: (key) => {
      const bot = bots.find(key);
      return bot && { id: bot.id, config: bot.config };
    },
  });
  const autoSummary = createAutoSummaryListener({ assist, bus, logger });
  const emailDeps = { repos, jobs, config: configOf, now, logger };
  const mailBots = bots.all.filter((b) => b.config['attendance-email-notify']).map((b) => b.name);
  if (!mailer.configured && mailBots.length > 0) {
    logger.warn({ bots: mailBots }, 'attendance-email-notify is on but SMTP_URL is not set: no attendance email will be sent');
  }
  // A notice to an attendant's phone goes straight through the bot's mobile_msg number (no session, no outbox).
  const notifyAttendantPhone = async (botId: string, phone: string, text: string) => {
    await adapters.mobile_msg?.send({ session_id: '', channel: 'mobile_msg', to: phone.replace(/^\+/, ''), text, from: 'system', bot_id: botId })
      .catch((err: unknown) => logger.warn({ err, bot: botId }, 'mobile_msg notice to an attendant not sent'));
  };
  const workchatConversations = conversations.providerChannels.workchat.conversations;
  const workchatDesk = adapters.workchat && createWorkchatDesk({
    adapter: adapters.workchat, conversations: workchatConversations, botName: (botId) => bots.find(botId)?.name, logger,
  });
  // Attendance events to each bot's attendance-chatops-webhook, signed, by jobs (docs/attendance/webhooks.md).
  const webhookDeps = { webhooks: createAttendanceWebhooksRepo(db), jobs, config: configOf, now, logger, fetch: infra.fetch };
  const attendanceWebhooks = createAttendanceWebhookListener({ ...webhookDeps, repos });
  // Attendants in a team_chat workspace (docs/channels/team-chat.md): notices through the Web API client, threads remembered.
  const teamChatSettingsOf = (bot: string) => teamChatSettings(bots.find(bot)?.config);
  const teamChat = createTeamChatClient({ settingsOf: teamChatSettingsOf, logger });
  const teamChatThreads = createTeamChatThreadsRepo(db);
  // Ticket changes reach the consoles as ticket_updated frames, whichever path made them, and the webhooks.
  const liveTickets = createTicketLivePublisher({ bus, logger });
  // SLA clocks follow conversations and tickets; a breach is a frame, a webhook and the e-mail (docs/attendance/sla.md).
  const slaDeps = {
    repos, jobs, now,
    onBreach: createBreachAnnouncer({ repos, bus, jobs, webhooks: webhookDeps.webhooks, config: configOf, now, logger }),
  };
  const sla = createSlaListener(slaDeps);
  const onTicketChange = async (change: Parameters<typeof liveTickets>[0]) => {
    await liveTickets(change);
    await sla.onTicketChange(change).catch((err: unknown) => logger.error({ err, ticket_id: change.ticket.id }, 'ticket SLA clock not updated'));
    await attendanceWebhooks.onTicketChange(change).catch((err: unknown) => logger.error({ err, ticket_id: change.ticket.id }, 'ticket webhook not enqueued'));
  };
  const attendance = createAttendanceService({
    repos, customers: engine, bots: (idOrName) => bots.find(idOrName)?.config, logger, onTicketChange, jobs,
    // Reactions to attendance changes, in order (attendance/attendance-listener.ts).
    listeners: [
      createLiveEventsListener({ repos, bus }),
      autoSummary,
      crmAttendanceLogListener({ repos, config: configOf }),
      createTicketsListener({ repos, config: configOf, now, onTicketChange }),
      createEmailNotificationsListener({ ...emailDeps, mailConfigured: mailer.configured }),
      attendanceWebhooks.listener,
      // A conversation nobody skilled enough took is tried again as its requirement widens (docs/attendance/skills-routing.md).
      createSkillWideningListener({ jobs, config: configOf, now, repos }),
      sla.listener,
      // Resolving a phone call's conversation ends the call on the instance holding it (docs/attendance/calls.md).
      resolvedCallListener({ bus, logger }),
      // Each conversation's notices go to its destination (attendance/destinations/); the web console sees all anyway.
      createDestinationRegistry({
        repos, config: configOf,
        destinations: [
          // Attendants working from mobile_msg get new conversations as a text on their phone.
          createMobileMsgDestination({ repos, notify: notifyAttendantPhone, config: configOf, now }),
          createTeamChatDestination({ repos, threads: teamChatThreads, poster: teamChat, config: configOf }),
          // Attendants working from workchat get new conversations as a card and their customers' lines in their chat.
          ...(workchatDesk ? [createWorkchatDestination({ repos, desk: workchatDesk, config: configOf, now })] : []),
        ],
      }),
    ],
  });
  // Attendance hears from the engine only through its domain events, after each commit.
  engine.subscribe(attendance.engineEventHandlers);
  // A message that failed for good reaches the attendant's console at once (docs/attendance/live-events.md).
  engine.subscribe(deliveryFailedHandlers({ repos, bus }));
  // Co-browses kept in the bot's drive, for bots with cobrowse-keep-recordings (docs/attendance/co-browse.md, "Storage").
  const keptCobrowses = cobrowseRecordings({ bots, files: conversations.files, engine });
  // The REST commands, the console socket and attendants' phones run commands with the same dependencies.
  const commandDeps = {
    repos, attendance, assist, meetings: conversations.meetings.attendantCalls, bus, ...(deps.calls ? { calls: deps.calls } : {}), ...(deps.callRelay ? { callRelay: deps.callRelay } : {}),
  };
  // Lines from attendants on a customer channel are theirs, not a customer's (docs/channels/mobile-msg.md and docs/channels/workchat.md, "Attendants").
  const attendantInbox = createAttendantInbox({ commands: commandDeps, repos, config: (bot) => bots.find(bot)?.config });
  const { voiceFor } = conversations;
  // Queued mobile_msg lines from an attendant's phone are the attendant's; voice notes are transcribed (docs/channels/mobile-msg.md).
  const mobileMsg = graphAdapterOf(adapters, 'mobile_msg');
  if (mobileMsg) engine.screen('mobile_msg', createMobileMsgScreen({
    adapter: mobileMsg, attendantInbox, voiceFor, languageOf: (bot) => bots.find(bot)?.config.language, logger,
  }));
  // Queued workchat lines from a member recognised as an attendant are theirs (docs/channels/workchat.md, "Attendants").
  if (adapters.workchat) {
    engine.screen('workchat', createWorkchatScreen({ adapter: adapters.workchat, conversations: workchatConversations, attendantInbox, logger }));
    // Then a customer's audio message takes the speech path, with workchat-voice-enabled (docs/channels/workchat.md, "Voice").
    engine.screen('workchat', createWorkchatVoiceScreen({
      adapter: adapters.workchat, settingsOf: conversations.providerChannels.workchat.settingsOf, voiceFor, logger,
    }));
  }
  // bot_msg voice and video notes take the same speech path (docs/channels/bot_msg.md).
  if (adapters.bot_msg) engine.screen('bot_msg', createBotMsgScreen({ adapter: adapters.bot_msg, voiceFor, logger }));
  await registerEmailJobs({ ...emailDeps, mailer });
  await registerAttendanceWebhookJobs({ ...webhookDeps, bots: bots.all });
  // Custom reports (docs/attendance/reports.md): the facts' roll-up every minute, scheduled reports by e-mail.
  const reportDeps = { reports: createAttendanceReportsRepo(db), now };
  // Their ticks and start-up re-enqueues run in each active tenant (docs/operations/tenants.md, "Background work").
  const eachTenant = infra.tenants.each;
  await registerReportJobs({ ...reportDeps, jobs, mailer, logger, eachTenant });
  await registerSkillWideningJobs({ jobs, config: configOf, now, repos, assign: attendance.assign, eachTenant });
  await registerSlaJobs({ ...slaDeps, jobs, eachTenant });
  await registerHoursJobs({ ...attendance.useCaseDeps, jobs, eachTenant });
  return {
    assist,
    autoSummary,
    // What the REST routes and the console socket call, as the caller: one function per use case (docs/attendance/rest.md).
    api: createAttendanceApi({
      ...commandDeps, bus, cannedResponses: { canned: createCannedResponsesRepo(db), botId: (idOrName) => bots.find(idOrName)?.id },
      // The campaigns' block of the insights comes from the CRM (docs/crm.md, "Proactive campaigns").
      campaignInsights: (filter) => conversations.campaigns.insights(filter),
      cobrowseRecordings: keptCobrowses,
    }),
    reports: createReportsApi(reportDeps),
    // Take presses, slash commands and thread replies run as the attendant the workspace user is.
    teamChatWebhooks: createTeamChatWebhooks({
      settingsOf: teamChatSettingsOf, client: teamChat, logger,
      inbox: createTeamChatInbox({ commands: commandDeps, repos, threads: teamChatThreads, botId: (bot) => bots.find(bot)?.id }),
    }),
    // Phone calls on hold hear their place again, and a caller's voicemail becomes a ticket (docs/channels/rtc-sip.md).
    calls: { queueNotice: attendance.queueNotice, takeVoicemail: attendance.takeVoicemail, callFact: (fact: Parameters<typeof recordCallFact>[1]) => recordCallFact(repos, fact) },
    // The widget's typing notices reach the attendant (docs/attendance/live-events.md, "customer_typing").
    customerTyping: (sessionId: string) => publishCustomerTyping({ repos, bus, now }, sessionId),
    // The widget's side of co-browse (docs/attendance/co-browse.md): its answer, its page's events, its stop.
    // The relay's copy of what it relayed, kept at the end for bots that keep co-browses.
    visitorCobrowse: visitorCobrowsePort({ repos, bus, now, recorder: createCobrowseRecorder({ repos, store: keptCobrowses, now, logger }) }),
  };
}

export type AttendanceWiring = Awaited<ReturnType<typeof wireAttendance>>;
