import type { CrmApi } from '../../crm/index.js';
import { defineRoute } from '../route.js';
import {
  CreateDealRequestSchema, CreateStageRequestSchema, CrmBotQuerySchema, CrmDealSchema, CrmDeleteResultSchema, CrmIdParamsSchema, DealListSchema,
  ListDealsQuerySchema, MoveDealRequestSchema, ReorderStagesRequestSchema, StageListSchema, StageSchema, UpdateDealRequestSchema, UpdateStageRequestSchema,
} from '../schemas/crm.js';
import { CRM_READ, CRM_WRITE } from './crm-contacts.js';
import { dealJson } from './crm-json.js';
import { sendCsv } from './crm-csv.js';

const TAG = 'crm';

/** The CRM's deals and the pipeline's stages (docs/crm.md); attendants read, supervisors and admins write. */
export function crmDealRoutes(crm: CrmApi) {
  return [
    defineRoute({
      method: 'get', path: '/api/crm/deals', tag: TAG, access: CRM_READ,
      summary: 'A bot\'s deals, oldest first, by stage, contact or owner, paged', query: ListDealsQuerySchema, errors: [404, 409],
      response: { description: 'A page of deals', schema: DealListSchema },
      handle: async ({ query }) => {
        const { bot, page, limit, ...filter } = query;
        const list = await crm.deals.list({ bot, filter, page, limit });
        return { ...list, deals: list.deals.map(dealJson) };
      },
    }),
    defineRoute({
      method: 'get', path: '/api/crm/deals.csv', tag: TAG, access: CRM_WRITE,
      summary: 'Every deal of a bot as CSV (streamed)', query: CrmBotQuerySchema, errors: [404, 409],
      response: { description: 'text/csv: id, name, value, stage, contact_id, owner_id, campaign_id, dates' },
      handle: ({ query, res }) => sendCsv(res, 'deals.csv', crm.deals.exportCsv(query.bot)),
    }),
    defineRoute({
      method: 'post', path: '/api/crm/deals', tag: TAG, access: CRM_WRITE, status: 201,
      summary: 'Open a deal; its stage must be one of the pipeline\'s', body: CreateDealRequestSchema, errors: [404, 409],
      response: { description: 'The deal', schema: CrmDealSchema },
      handle: async ({ body }) => {
        const { bot, ...fields } = body;
        return dealJson(await crm.deals.create({ bot, fields }));
      },
    }),
    defineRoute({
      method: 'get', path: '/api/crm/deals/:id', tag: TAG, access: CRM_READ,
      summary: 'One deal', params: CrmIdParamsSchema, query: CrmBotQuerySchema, errors: [404, 409],
      response: { description: 'The deal', schema: CrmDealSchema },
      handle: async ({ params, query }) => dealJson(await crm.deals.get(params.id, query.bot)),
    }),
    defineRoute({
      method: 'patch', path: '/api/crm/deals/:id', tag: TAG, access: CRM_WRITE,
      summary: 'Change a deal (absent keep, null clears)', params: CrmIdParamsSchema, query: CrmBotQuerySchema, body: UpdateDealRequestSchema, errors: [404, 409],
      response: { description: 'The deal', schema: CrmDealSchema },
      handle: async ({ params, query, body }) => dealJson(await crm.deals.update({ id: params.id, bot: query.bot, changes: body })),
    }),
    defineRoute({
      method: 'post', path: '/api/crm/deals/:id/move', tag: TAG, access: CRM_WRITE,
      summary: 'Move a deal to another stage of the pipeline (400 unknown_stage when there is none of that name)',
      params: CrmIdParamsSchema, query: CrmBotQuerySchema, body: MoveDealRequestSchema, errors: [404, 409],
      response: { description: 'The deal', schema: CrmDealSchema },
      handle: async ({ params, query, body }) => dealJson(await crm.deals.move({ id: params.id, bot: query.bot, stage: body.stage })),
    }),
    defineRoute({
      method: 'delete', path: '/api/crm/deals/:id', tag: TAG, access: CRM_WRITE,
      summary: 'Delete a deal', params: CrmIdParamsSchema, query: CrmBotQuerySchema, errors: [404, 409],
      response: { description: 'Deleted', schema: CrmDeleteResultSchema },
      handle: ({ params, query }) => crm.deals.delete(params.id, query.bot),
    }),
    defineRoute({
      method: 'get', path: '/api/crm/stages', tag: TAG, access: CRM_READ,
      summary: 'The pipeline\'s stages in order (shared by every bot)', query: CrmBotQuerySchema, errors: [404, 409],
      response: { description: 'The stages', schema: StageListSchema },
      handle: async ({ query }) => ({ stages: await crm.stages.list(query.bot) }),
    }),
    defineRoute({
      method: 'put', path: '/api/crm/stages/order', tag: TAG, access: CRM_WRITE,
      summary: 'Put the stages in a new order: ids lists every stage once', body: ReorderStagesRequestSchema, errors: [404, 409],
      response: { description: 'The stages in their new order', schema: StageListSchema },
      handle: async ({ body }) => ({ stages: await crm.stages.reorder({ bot: body.bot, ids: body.ids }) }),
    }),
    defineRoute({
      method: 'post', path: '/api/crm/stages', tag: TAG, access: CRM_WRITE, status: 201,
      summary: 'Add a stage (last unless order_index says where); names are unique', body: CreateStageRequestSchema, errors: [404, 409],
      response: { description: 'The stage', schema: StageSchema },
      handle: ({ body }) => {
        const { bot, ...fields } = body;
        return crm.stages.create({ bot, fields });
      },
    }),
    defineRoute({
      method: 'get', path: '/api/crm/stages/:id', tag: TAG, access: CRM_READ,
      summary: 'One stage', params: CrmIdParamsSchema, query: CrmBotQuerySchema, errors: [404, 409],
      response: { description: 'The stage', schema: StageSchema },
      handle: ({ params, query }) => crm.stages.get(params.id, query.bot),
    }),
    defineRoute({
      method: 'patch', path: '/api/crm/stages/:id', tag: TAG, access: CRM_WRITE,
      summary: 'Rename a stage or change its order or probability; deals keep the name they carry',
      params: CrmIdParamsSchema, query: CrmBotQuerySchema, body: UpdateStageRequestSchema, errors: [404, 409],
      response: { description: 'The stage', schema: StageSchema },
      handle: ({ params, query, body }) => crm.stages.update({ id: params.id, bot: query.bot, changes: body }),
    }),
    defineRoute({
      method: 'delete', path: '/api/crm/stages/:id', tag: TAG, access: CRM_WRITE,
      summary: 'Delete a stage', params: CrmIdParamsSchema, query: CrmBotQuerySchema, errors: [404, 409],
      response: { description: 'Deleted', schema: CrmDeleteResultSchema },
      handle: ({ params, query }) => crm.stages.delete(params.id, query.bot),
    }),
  ];
}
