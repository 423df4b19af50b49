// The built-in node types, looked up by type name and version.
import type { INodeTypeDescription } from '../model/nodeTypes.ts';
import { versionsOf } from '../model/nodeTypes.ts';
import type { NodeType, NodeTypeRegistry } from './types.ts';
import { manualTrigger } from './ManualTrigger/ManualTrigger.node.ts';
import { start } from './Start/Start.node.ts';
import { noOp } from './NoOp/NoOp.node.ts';
import { stickyNote } from './StickyNote/StickyNote.node.ts';
import { code } from './Code/Code.node.ts';
import { setV1, setV3 } from './Set/Set.node.ts';
import { ifV1, ifV2 } from './If/If.node.ts';
import { httpRequestV1, httpRequestV3 } from './HttpRequest/HttpRequest.node.ts';
import { switchV1, switchV2, switchV3 } from './Switch/Switch.node.ts';
import { filterV1, filterV2 } from './Filter/Filter.node.ts';
import { mergeV1, mergeV2, mergeV3 } from './Merge/Merge.node.ts';
import { splitInBatchesV1, splitInBatchesV2, splitInBatchesV3 } from './SplitInBatches/SplitInBatches.node.ts';
import { compareDatasets } from './CompareDatasets/CompareDatasets.node.ts';
import { functionNode } from './Function/Function.node.ts';
import { functionItemNode } from './FunctionItem/FunctionItem.node.ts';
import { executeWorkflow } from './ExecuteWorkflow/ExecuteWorkflow.node.ts';
import { executeWorkflowTrigger } from './ExecuteWorkflowTrigger/ExecuteWorkflowTrigger.node.ts';
import { stopAndError } from './StopAndError/StopAndError.node.ts';
import { n8nTrainingCustomerDatastore } from './N8nTrainingCustomerDatastore/N8nTrainingCustomerDatastore.node.ts';
import { itemListsV1, itemListsV2, itemListsV3 } from './ItemLists/ItemLists.node.ts';
import { aggregate } from './Aggregate/Aggregate.node.ts';
import { splitOut } from './SplitOut/SplitOut.node.ts';
import { summarize } from './Summarize/Summarize.node.ts';
import { sort } from './Sort/Sort.node.ts';
import { limit } from './Limit/Limit.node.ts';
import { removeDuplicatesV1, removeDuplicatesV2 } from './RemoveDuplicates/RemoveDuplicates.node.ts';
import { renameKeys } from './RenameKeys/RenameKeys.node.ts';
import { webhook } from './Webhook/Webhook.node.ts';
import { respondToWebhook } from './RespondToWebhook/RespondToWebhook.node.ts';
import { scheduleTrigger } from './ScheduleTrigger/ScheduleTrigger.node.ts';
import { cron } from './Cron/Cron.node.ts';
import { interval } from './Interval/Interval.node.ts';
import { errorTrigger } from './ErrorTrigger/ErrorTrigger.node.ts';
import { wait } from './Wait/Wait.node.ts';
import { emailSendV1, emailSendV2 } from './EmailSend/EmailSend.node.ts';
import { dateTimeV1, dateTimeV2 } from './DateTime/DateTime.node.ts';
import { crypto } from './Crypto/Crypto.node.ts';
import { html } from './Html/Html.node.ts';
import { xml } from './Xml/Xml.node.ts';
import { markdown } from './Markdown/Markdown.node.ts';
import { readBinaryFiles } from './ReadBinaryFiles/ReadBinaryFiles.node.ts';
import { readWriteFile } from './ReadWriteFile/ReadWriteFile.node.ts';
import { extractFromFile } from './ExtractFromFile/ExtractFromFile.node.ts';
import { convertToFile } from './ConvertToFile/ConvertToFile.node.ts';
import { spreadsheetFileV1, spreadsheetFileV2, spreadsheetFileV3 } from './SpreadsheetFile/SpreadsheetFile.node.ts';
import { moveBinaryData } from './MoveBinaryData/MoveBinaryData.node.ts';
import { readBinaryFile } from './ReadBinaryFile/ReadBinaryFile.node.ts';
import { writeBinaryFile } from './WriteBinaryFile/WriteBinaryFile.node.ts';
import { compression } from './Compression/Compression.node.ts';
import { formTriggerV1, formTriggerV2 } from './Form/FormTrigger.node.ts';
import { form } from './Form/Form.node.ts';
import { rssFeedRead } from './RssFeedRead/RssFeedRead.node.ts';
import { graphqlV1, graphqlV11 } from './GraphQL/GraphQL.node.ts';
import { n8n } from './N8n/N8n.node.ts';
import { executionData } from './ExecutionData/ExecutionData.node.ts';
import { executeCommand } from './ExecuteCommand/ExecuteCommand.node.ts';
import { editImage } from './EditImage/EditImage.node.ts';
import { postgresV1, postgresV2 } from './Postgres/Postgres.node.ts';
import { mySqlV1, mySqlV2 } from './MySql/MySql.node.ts';
import { redis } from './Redis/Redis.node.ts';

export function createRegistry(types: NodeType[]): NodeTypeRegistry {
  const byName = new Map<string, NodeType[]>();
  for (const t of types) {
    const list = byName.get(t.description.name) ?? [];
    list.push(t);
    byName.set(t.description.name, list);
  }
  return {
    get(type, typeVersion) {
      const list = byName.get(type);
      if (!list) return undefined;
      if (typeVersion === undefined) return list.reduce((a, b) => (Math.max(...versionsOf(a.description)) >= Math.max(...versionsOf(b.description)) ? a : b));
      return list.find((t) => versionsOf(t.description).includes(typeVersion));
    },
    descriptions(): INodeTypeDescription[] {
      return types.map((t) => t.description);
    },
  };
}

export const builtinTypes: NodeType[] = [manualTrigger, start, noOp, stickyNote, code, setV1, setV3, ifV1, ifV2, httpRequestV1, httpRequestV3, switchV1, switchV2, switchV3, filterV1, filterV2, mergeV1, mergeV2, mergeV3, n8nTrainingCustomerDatastore, itemListsV1, itemListsV2, itemListsV3, aggregate, splitOut, summarize, sort, limit, removeDuplicatesV1, removeDuplicatesV2, renameKeys, dateTimeV1, dateTimeV2, crypto, html, xml, markdown, readBinaryFiles, readWriteFile, extractFromFile, convertToFile, spreadsheetFileV1, spreadsheetFileV2, spreadsheetFileV3, moveBinaryData, readBinaryFile, writeBinaryFile, compression, splitInBatchesV1, splitInBatchesV2, splitInBatchesV3, compareDatasets, functionNode, functionItemNode, executeWorkflow, executeWorkflowTrigger, stopAndError, webhook, respondToWebhook, scheduleTrigger, cron, interval, errorTrigger, wait, emailSendV1, emailSendV2, rssFeedRead, graphqlV1, graphqlV11, n8n, executionData, executeCommand, editImage, formTriggerV1, formTriggerV2, form, postgresV1, postgresV2, mySqlV1, mySqlV2, redis];

export const builtinNodeTypes: NodeTypeRegistry = createRegistry(builtinTypes);
