// Rendering all input items as one HTML table (columns: every key any item has).
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { ExecuteFunctions } from '../types.ts';

export function capitalizeHeader(header: string, capitalize?: boolean): string {
  if (!capitalize) return header;
  return header
    .split('_')
    .filter((word) => word)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

export function itemsToTable(ctx: ExecuteFunctions, items: INodeExecutionData[]): INodeExecutionData {
  const options = ctx.getNodeParameter('options', 0) as IDataObject;
  const styled = !options.customStyling;
  const tableStyle = styled ? "style='border-spacing:0; font-family:helvetica,arial,sans-serif'" : '';
  const headerStyle = styled ? "style='margin:0; padding:7px 20px 7px 0px; border-bottom:1px solid #eee; text-align:left; color:#888; font-weight:normal'" : '';
  const cellStyle = styled ? "style='margin:0; padding:7px 20px 7px 0px; border-bottom:1px solid #eee'" : '';
  const headers = [...new Set(items.flatMap((item) => Object.keys(item.json)))];

  let table = `<table ${tableStyle} ${(options.tableAttributes as string) || ''}>`;
  if (options.caption) table += `<caption>${options.caption as string}</caption>`;
  table += `<thead ${headerStyle} ${(options.headerAttributes as string) || ''}>`;
  table += '<tr>' + headers.map((h) => `<th>${capitalizeHeader(h, options.capitalize as boolean)}</th>`).join('') + '</tr>';
  table += '</thead><tbody>';
  items.forEach((item, index) => {
    const rowAttributes = ctx.getNodeParameter('options.rowAttributes', index, '') as string;
    const cellAttributes = ctx.getNodeParameter('options.cellAttributes', index, '') as string;
    table += `<tr  ${rowAttributes}>`;
    table += headers
      .map((header) => {
        const value = item.json[header];
        const content = typeof value === 'boolean' ? `<input type="checkbox" ${value ? 'checked="checked"' : ''}/>` : String(value);
        return `<td ${cellStyle} ${cellAttributes}>${content}</td>`;
      })
      .join('');
    table += '</tr>';
  });
  table += '</tbody></table>';
  return { json: { table }, pairedItem: items.map((_, item) => ({ item })) };
}
