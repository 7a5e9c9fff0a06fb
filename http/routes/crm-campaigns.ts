import type { Campaigns } from '../../crm/index.js';
import { defineRoute } from '../route.js';
import {
  CampaignDeletedSchema, CampaignListQuerySchema, CampaignListSchema, CampaignParamsSchema, CampaignResultsSchema, CampaignSchema,
  CreateCampaignRequestSchema, UpdateCampaignRequestSchema,
} from '../schemas/crm-campaigns.js';

const READ = ['attendant', 'supervisor'] as const; // admins always pass; writing is checked by the use cases (supervisors)
const WRITE = ['supervisor'] as const;
const TAG = 'crm';

/** `/api/crm/campaigns` (docs/crm.md, "Campaigns" and "Proactive campaigns"). */
export function crmCampaignRoutes(campaigns: Campaigns) {
  return [
    defineRoute({
      method: 'get', path: '/api/crm/campaigns', summary: 'Campaigns, newest first', tag: TAG, access: READ,
      query: CampaignListQuerySchema, response: { description: 'A page of campaigns', schema: CampaignListSchema }, errors: [404, 409],
      handle: ({ query }) => campaigns.list({ ...(query.bot ? { bot: query.bot } : {}), ...(query.status ? { status: query.status } : {}), limit: query.limit, offset: query.offset }),
    }),
    defineRoute({
      method: 'post', path: '/api/crm/campaigns', summary: 'Create a campaign (a draft)', tag: TAG, access: WRITE,
      body: CreateCampaignRequestSchema, status: 201, response: { description: 'Created', schema: CampaignSchema }, errors: [404, 409],
      handle: ({ body, principal }) => {
        const { bot, ...fields } = body;
        return campaigns.create(principal, bot, fields);
      },
    }),
    defineRoute({
      method: 'get', path: '/api/crm/campaigns/:id', summary: 'A campaign, with its recipients by status', tag: TAG, access: READ,
      params: CampaignParamsSchema, response: { description: 'The campaign', schema: CampaignSchema }, errors: [404, 409],
      handle: ({ params }) => campaigns.get(params.id),
    }),
    defineRoute({
      method: 'patch', path: '/api/crm/campaigns/:id', summary: 'Change a campaign (its send only while draft, scheduled or paused)', tag: TAG, access: WRITE,
      params: CampaignParamsSchema, body: UpdateCampaignRequestSchema, response: { description: 'Changed', schema: CampaignSchema }, errors: [404, 409],
      handle: ({ params, body, principal }) => campaigns.update(principal, params.id, body),
    }),
    defineRoute({
      method: 'delete', path: '/api/crm/campaigns/:id', summary: 'Delete a campaign that is not running', tag: TAG, access: WRITE,
      params: CampaignParamsSchema, response: { description: 'Deleted', schema: CampaignDeletedSchema }, errors: [404, 409],
      handle: async ({ params, principal }) => {
        await campaigns.delete(principal, params.id);
        return { ok: true as const };
      },
    }),
    defineRoute({
      method: 'post', path: '/api/crm/campaigns/:id/start', summary: 'Start (or resume) a proactive send: scheduled until starts_at, then running', tag: TAG, access: WRITE,
      params: CampaignParamsSchema, response: { description: 'Scheduled', schema: CampaignSchema }, errors: [404, 409],
      handle: ({ params, principal }) => campaigns.send(principal, params.id),
    }),
    defineRoute({
      method: 'post', path: '/api/crm/campaigns/:id/pause', summary: 'Pause a proactive send after the messages in flight', tag: TAG, access: WRITE,
      params: CampaignParamsSchema, response: { description: 'Paused', schema: CampaignSchema }, errors: [404, 409],
      handle: ({ params, principal }) => campaigns.pause(principal, params.id),
    }),
    defineRoute({
      method: 'post', path: '/api/crm/campaigns/:id/cancel', summary: 'Cancel a campaign: nothing more is sent', tag: TAG, access: WRITE,
      params: CampaignParamsSchema, response: { description: 'Cancelled', schema: CampaignSchema }, errors: [404, 409],
      handle: ({ params, principal }) => campaigns.cancel(principal, params.id),
    }),
    defineRoute({
      method: 'get', path: '/api/crm/campaigns/:id/results', summary: 'What a campaign achieved: sent, delivered, replied, handed off, deals won', tag: TAG, access: READ,
      params: CampaignParamsSchema, response: { description: 'The results', schema: CampaignResultsSchema }, errors: [404, 409],
      handle: ({ params }) => campaigns.results(params.id),
    }),
  ];
}
