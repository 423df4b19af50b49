// Our `n8n-workflow`: what community node packages import from n8n's package at run time (its
// error classes, constants and small helpers), written for Switchyard. Packages list
// n8n-workflow as a peer dependency; the package host (src/community/host) resolves that import
// here. Types are erased when packages are compiled, so only values live in this module.
export { NodeOperationError, NodeApiError, ApplicationError, NodeError, WorkflowOperationError, NodeSSLError, ExpressionError, UserError, OperationalError, UnexpectedError, TriggerCloseError, ensureError } from './errors.ts';
export { deepCopy, jsonParse, jsonStringify, sleep, isObjectEmpty, randomString, removeCircularRefs, fileTypeFromMimeType, assert, isSafeObjectProperty, setSafeObjectProperty } from './helpers.ts';
export { VersionedNodeType } from './versionedNodeType.ts';
export { LoggerProxy } from './logger.ts';
export * from './constants.ts';
