// Extracting values from HTML with CSS selectors (cheerio, as n8n uses). From 1.2 text comes
// from html-to-text (block layout kept, chosen selectors skipped); before, from the raw text.
import * as cheerio from 'cheerio';
import { convert, type HtmlToTextOptions } from 'html-to-text';
import type { IDataObject } from '../../model/workflow.ts';

export interface ExtractionValue {
  key: string;
  cssSelector: string;
  returnValue: 'attribute' | 'html' | 'text' | 'value';
  attribute?: string;
  skipSelectors?: string;
  returnArray?: boolean;
}

export interface ExtractOptions {
  trimValues?: boolean;
  cleanUpText?: boolean;
}

type Selection = cheerio.Cheerio<never>;

function extractValue($: Selection, v: ExtractionValue, version: number): unknown {
  switch (v.returnValue) {
    case 'attribute':
      // An empty name gives all attributes of the element.
      return $.attr(v.attribute ?? '');
    case 'html':
      return $.html() || undefined;
    case 'value': {
      const value = $.val();
      if (value === undefined) return undefined;
      return Array.isArray(value) ? value.join(',') : value;
    }
    default: {
      if (version <= 1.1) return $.text() || undefined;
      const options: HtmlToTextOptions | undefined = v.skipSelectors
        ? { selectors: v.skipSelectors.split(',').map((s) => ({ selector: s.trim(), format: 'skip' })) }
        : undefined;
      return convert($.html() || '', options);
    }
  }
}

function applyOptions(value: unknown, options: ExtractOptions): unknown {
  if (value === undefined || typeof value !== 'string') return value;
  let text = value;
  if (options.trimValues) text = text.trim();
  if (options.cleanUpText) {
    text = text
      .replace(/^\s+|\s+$/g, '')
      .replace(/(\r\n|\n|\r)/gm, '')
      .replace(/\s+/g, ' ');
  }
  return text;
}

export function extractFromHtml(html: string, values: ExtractionValue[], options: ExtractOptions, version: number): IDataObject {
  const $ = cheerio.load(html);
  const json: IDataObject = {};
  for (const v of values) {
    const selection = $(v.cssSelector) as Selection;
    if (v.returnArray) {
      const list: unknown[] = [];
      selection.each((_, el) => {
        list.push(applyOptions(extractValue($(el) as Selection, v, version), options));
      });
      json[v.key] = list as IDataObject[];
    } else {
      json[v.key] = applyOptions(extractValue(selection, v, version), options) as IDataObject;
    }
  }
  return json;
}
