// Engine entry: run a workflow and get its run data back.
export { runWorkflow } from './runWorkflow.ts';
export type { RunOptions, IRun, ExecutionHooks, EngineLimits, BinaryDataStore } from './types.ts';
export { DEFAULT_LIMITS } from './types.ts';
export { MemoryProcessedDataStore, type ProcessedDataStore, type ProcessedDataValue } from './deduplication.ts';
