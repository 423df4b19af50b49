// n8n's paired-item helpers (utils/utilities): normalising pairedItem to a list, and the
// "all input items" fallback list.
import type { IPairedItemData } from '../../model/execution.ts';

export function preparePairedItemDataArray(pairedItem: number | IPairedItemData | IPairedItemData[] | undefined): IPairedItemData[] {
  if (pairedItem === undefined) return [];
  if (typeof pairedItem === 'number') return [{ item: pairedItem }];
  if (Array.isArray(pairedItem)) return pairedItem;
  return [pairedItem];
}

export function generatePairedItemData(length: number): IPairedItemData[] {
  return Array.from({ length }, (_, item) => ({ item }));
}
