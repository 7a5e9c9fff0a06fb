import express, { type Express } from 'express';
import type { WebChannel } from '../adapters/index.js';
import type { CannedResponseDeps } from '../attendance/index.js';
import type { TokenIssuer, UserDirectory } from '../auth/index.js';
import type { Logger } from '../infra/logger.js';
import type { MetricsExposition } from '../infra/metrics/index.js';
import { createAuthorizer } from './auth-middleware.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { buildOpenApiDocument, createOpenApiRegistry, openApiRoutes } from './openapi.js';
import { requestLogging } from './request-logging.js';
import { mountRoutes } from './route.js';
import { attendanceRoutes, type AttendanceRoutesDeps } from './routes/attendance.js';
import { attendanceCannedResponseRoutes } from './routes/attendance-canned-responses.js';
import { attendanceInsightsRoutes } from './routes/attendance-insights.js';
import { attendanceKanbanRoutes } from './routes/attendance-kanban.js';
import { attendanceLlmRoutes } from './routes/attendance-llm.js';
import { attendanceQueueRoutes } from './routes/attendance-queues.js';
import { attendanceTicketRoutes } from './routes/attendance-tickets.js';
import { healthRoutes, type ReadinessCheck } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { sessionRoutes, type SessionRoutesDeps } from './routes/sessions.js';
import { userRoutes } from './routes/users.js';
import { webChannelRoutes } from './routes/web-channel.js';
import { webPages } from './web-pages.js';

export interface AppDeps {
  logger: Logger;
  version: string;
  users: UserDirectory;
  tokens: TokenIssuer;
  readiness: ReadinessCheck[];
  webChannel: WebChannel;
  sessions: SessionRoutesDeps;
  attendance: AttendanceRoutesDeps;
  /** Served at `GET /metrics` to admins; absent when the metrics listener serves it (docs/metrics.md). */
  metrics?: MetricsExposition;
  /** The built console, widget and demo page (WEB_DIR); not served when absent. */
  webDir?: string;
  /** The console's canned responses (issue 15). */
  cannedResponses: CannedResponseDeps;
}

const JSON_BODY_LIMIT = '1mb';

/** The express application: request ids and logs, JSON bodies, routes, JSON errors. No listening. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(requestLogging(deps.logger));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(healthRoutes(deps.readiness));

  const registry = createOpenApiRegistry();
  const api = express.Router();
  mountRoutes(api, registry, createAuthorizer(deps.tokens), [
    ...userRoutes(deps),
    ...webChannelRoutes(deps.webChannel),
    ...sessionRoutes(deps.sessions),
    ...attendanceRoutes(deps.attendance),
    ...attendanceQueueRoutes(deps.attendance),
    ...attendanceKanbanRoutes(deps.attendance),
    ...attendanceInsightsRoutes(deps.attendance),
    ...attendanceTicketRoutes(deps.attendance),
    ...(deps.attendance.assist ? attendanceLlmRoutes({ assist: deps.attendance.assist }) : []),
    ...(deps.metrics ? metricsRoutes(deps.metrics) : []),
    ...attendanceCannedResponseRoutes(deps.cannedResponses),
  ]);
  let document: unknown;
  app.use(openApiRoutes(() => (document ??= buildOpenApiDocument(registry, deps.version))));
  app.use(api);
  if (deps.webDir) app.use(webPages(deps.webDir));

  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
