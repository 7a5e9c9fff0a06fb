import { NotFoundError, ValidationError } from '../../infra/errors.js';
import type { PipelineStageRow, StageFields, StagesStore } from '../crm-ports.js';

/**
 * Puts the pipeline's stages in the order of `ids`: every stage exactly once, so no stage is
 * left with a stale position.
 */
export async function reorderStages(store: Pick<StagesStore, 'listStages' | 'reorderStages'>, ids: readonly string[]): Promise<PipelineStageRow[]> {
  const stages = await store.listStages();
  const known = new Set(stages.map((s) => s.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
    throw new ValidationError('ids must list every pipeline stage exactly once', [{ path: 'ids', message: 'not the stages of the pipeline' }]);
  }
  await store.reorderStages(ids);
  return store.listStages();
}

/** A new stage goes last unless it says where. */
export async function createStage(store: Pick<StagesStore, 'listStages' | 'createStage'>, input: Partial<StageFields> & { name: string }): Promise<PipelineStageRow> {
  const stages = await store.listStages();
  const last = stages.reduce((max, s) => Math.max(max, s.order_index), -1);
  return store.createStage({ name: input.name, order_index: input.order_index ?? last + 1, probability: input.probability ?? 0 });
}

export async function updateStage(store: Pick<StagesStore, 'updateStage'>, id: string, changes: Partial<StageFields>): Promise<PipelineStageRow> {
  const row = await store.updateStage(id, changes);
  if (!row) throw new NotFoundError('No such pipeline stage', 'stage_not_found');
  return row;
}
