// Form fields as n8n stores them (Form Trigger / Form node parameters), the checks a submission
// must pass, and the item it becomes: keys are the field labels (from v2.4 a field's Field Name
// when set), values typed as n8n types them, plus submittedAt and formMode; uploads become binary.
import { DateTime } from 'luxon';
import type { IDataObject } from '../../model/workflow.ts';

export type FieldType = 'text' | 'email' | 'number' | 'password' | 'textarea' | 'date' | 'dropdown' | 'checkbox' | 'radio' | 'file' | 'hiddenField' | 'html';
const FIELD_TYPES = new Set<string>(['text', 'email', 'number', 'password', 'textarea', 'date', 'dropdown', 'checkbox', 'radio', 'file', 'hiddenField', 'html']);

/** One element as stored in formFields.values (or the Form node's JSON). */
export interface FormFieldParameter {
  fieldLabel?: string;
  fieldName?: string;
  fieldType?: string;
  placeholder?: string;
  requiredField?: boolean;
  multiselect?: boolean;
  fieldOptions?: { values?: Array<{ option?: unknown }> };
  limitSelection?: 'exact' | 'range' | 'unlimited';
  numberOfSelections?: number;
  minSelections?: number;
  maxSelections?: number;
  multipleFiles?: boolean;
  acceptFileTypes?: string;
  html?: string;
  elementName?: string;
  fieldValue?: string;
  formatDate?: string;
  defaultValue?: unknown;
}

/** A field ready to render and check. */
export interface FormField {
  /** The form control's name: field-<index>, as n8n's pages post. */
  key: string;
  /** The output key. */
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  placeholder: string;
  options: string[];
  multiple: boolean;
  exact?: number;
  min?: number;
  max?: number;
  accept: string[];
  html: string;
  elementName: string;
  value: string;
  formatDate: string;
}

export class FormDefinitionError extends Error {}

/** Longest text a single-line field takes; a textarea takes MAX_TEXTAREA. */
export const MAX_TEXT = 10_000;
export const MAX_TEXTAREA = 100_000;
export const MAX_FIELDS = 200;
/** Longest author HTML a page takes (a form description, a Custom HTML element, an ending's text). */
export const MAX_AUTHOR_HTML = 32 * 1024;

/**
 * The fields of a form from its parameter list. `nodeVersion` decides the output key (n8n:
 * v2.4+ uses fieldName when set). `query` prefills values (n8n: by label, v2.4+ by name).
 */
export function normalizeFields(raw: unknown, nodeVersion: number, query: Record<string, unknown> = {}): FormField[] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (!Array.isArray(raw)) throw new FormDefinitionError('The form fields must be a list');
  if (raw.length > MAX_FIELDS) throw new FormDefinitionError(`A form has at most ${MAX_FIELDS} fields (this one has ${raw.length})`);
  return raw.map((f: FormFieldParameter, index) => {
    if (!f || typeof f !== 'object') throw new FormDefinitionError(`Form field ${index + 1} is not an object`);
    const type = String(f.fieldType ?? 'text');
    if (!FIELD_TYPES.has(type)) throw new FormDefinitionError(`Form field ${index + 1} has the unknown type "${type}" (known: ${[...FIELD_TYPES].join(', ')})`);
    const label = type === 'hiddenField' ? String(f.fieldName ?? '') : String(f.fieldLabel ?? '');
    const name = nodeVersion >= 2.4 && f.fieldName ? String(f.fieldName) : label || String(f.fieldName ?? '');
    if (type !== 'html' && !name) throw new FormDefinitionError(`Form field ${index + 1} has no ${type === 'hiddenField' ? 'Field Name' : 'label'}`);
    const options = (f.fieldOptions?.values ?? []).map((o) => String(o?.option ?? ''));
    if (['dropdown', 'checkbox', 'radio'].includes(type) && options.length === 0) throw new FormDefinitionError(`The field "${label}" has no options to choose from`);
    const prefill = query[name] ?? query[label];
    const field: FormField = {
      key: `field-${index}`,
      name,
      label,
      type: type as FieldType,
      required: f.requiredField === true && type !== 'html' && type !== 'hiddenField',
      placeholder: f.placeholder ? String(f.placeholder) : '',
      options,
      multiple: (type === 'dropdown' && f.multiselect === true) || type === 'checkbox' || (type === 'file' && f.multipleFiles !== false),
      accept: String(f.acceptFileTypes ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
        .map((s) => (s.startsWith('.') || s.includes('/') ? s : `.${s}`)),
      html: type === 'html' ? String(f.html ?? '') : '',
      elementName: f.elementName ? String(f.elementName) : '',
      value: prefill !== undefined && prefill !== null ? String(prefill) : type === 'hiddenField' ? String(f.fieldValue ?? '') : f.defaultValue !== undefined && f.defaultValue !== null ? String(f.defaultValue) : '',
      formatDate: f.formatDate ? String(f.formatDate) : '',
    };
    if (type === 'checkbox') {
      if (f.limitSelection === 'exact') field.exact = Math.max(1, Number(f.numberOfSelections ?? 1));
      else if (f.limitSelection === 'range') {
        field.min = Math.max(0, Number(f.minSelections ?? 0));
        field.max = Math.max(1, Number(f.maxSelections ?? 1));
      }
    }
    return field;
  });
}

/** The fields of the Form node's "Using JSON" definition. */
export function fieldsFromJson(json: unknown): unknown[] {
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (e) {
      throw new FormDefinitionError(`The form fields JSON is not valid JSON: ${(e as Error).message}`);
    }
  }
  if (!Array.isArray(value)) throw new FormDefinitionError('The form fields JSON must be an array of fields');
  return value;
}

export interface UploadedFormFile {
  field: string;
  fileName: string;
  mimeType: string;
  data: Buffer;
}

export interface Submission {
  /** Posted fields by control name; repeated names are lists. */
  fields: Record<string, unknown>;
  files: UploadedFormFile[];
}

export interface CheckedSubmission {
  /** Output JSON values by output key (without submittedAt/formMode). */
  json: IDataObject;
  /** Uploads to store as binary, by binary property name. */
  files: Array<{ property: string; file: UploadedFormFile }>;
  /** Error message per field key; empty when the submission is valid. */
  errors: Record<string, string>;
  /** What the user sent, by field key, to refill the form after an error. */
  values: Record<string, string[]>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function list(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  return (Array.isArray(v) ? v : [v]).map((x) => String(x));
}

/**
 * A list-valued control (checkboxes, multiselect): repeated form values, or the JSON array text
 * n8n's own page posts.
 */
function choices(v: unknown, options: string[]): string[] {
  const values = list(v);
  if (values.length === 1 && values[0].startsWith('[') && !options.includes(values[0])) {
    try {
      const parsed = JSON.parse(values[0]);
      if (Array.isArray(parsed)) return parsed.map((x) => String(x));
    } catch {
      /* a plain value */
    }
  }
  return values;
}

/** Checks what was posted against the fields; never throws for bad input, it reports it. */
export function checkSubmission(fields: FormField[], submission: Submission): CheckedSubmission {
  const json: IDataObject = {};
  const errors: Record<string, string> = {};
  const values: Record<string, string[]> = {};
  const files: CheckedSubmission['files'] = [];
  for (const f of fields) {
    const raw = submission.fields[f.key];
    const set = (v: unknown) => {
      json[f.name] = v as IDataObject[string];
    };
    if (f.type === 'html') {
      if (f.elementName) json[f.elementName] = f.html;
      continue;
    }
    if (f.type === 'file') {
      const uploads = submission.files.filter((u) => u.field === f.key && (u.fileName !== '' || u.data.byteLength > 0));
      if (uploads.length === 0) {
        if (f.required) errors[f.key] = 'Choose a file to upload';
        set(null);
        continue;
      }
      if (!f.multiple && uploads.length > 1) {
        errors[f.key] = `Only one file is allowed here (${uploads.length} were sent)`;
        continue;
      }
      const refused = f.accept.length ? uploads.find((u) => !accepted(u, f.accept)) : undefined;
      if (refused) {
        errors[f.key] = `The file "${refused.fileName}" is not an accepted type (accepted: ${f.accept.join(', ')})`;
        continue;
      }
      const meta = uploads.map((u) => ({ filename: u.fileName, mimetype: u.mimeType, size: u.data.byteLength }));
      set(f.multiple ? meta : meta[0]);
      const base = f.name.replace(/\W/g, '_');
      uploads.forEach((u, i) => files.push({ property: f.multiple ? `${base}_${i}` : base, file: u }));
      continue;
    }
    if (f.type === 'checkbox' || (f.type === 'dropdown' && f.multiple)) {
      const picked = choices(raw, f.options);
      values[f.key] = picked;
      const unknown = picked.find((p) => !f.options.includes(p));
      if (unknown !== undefined) errors[f.key] = `"${truncate(unknown)}" is not one of the options`;
      else if (new Set(picked).size !== picked.length) errors[f.key] = 'An option was chosen twice';
      else if (f.required && picked.length === 0) errors[f.key] = 'Choose at least one option';
      else if (f.exact !== undefined && picked.length > 0 && picked.length !== f.exact) errors[f.key] = `Choose exactly ${f.exact} option${f.exact === 1 ? '' : 's'}`;
      else if (f.min !== undefined && f.max !== undefined && (picked.length > 0 || f.required) && (picked.length < f.min || picked.length > f.max)) errors[f.key] = `Choose between ${f.min} and ${f.max} options`;
      set(picked);
      continue;
    }
    const all = list(raw);
    if (all.length > 1) {
      errors[f.key] = 'This field was sent more than once';
      continue;
    }
    const value = all[0] ?? '';
    values[f.key] = [value];
    if (f.type === 'radio' || f.type === 'dropdown') {
      if (value === '') {
        if (f.required) errors[f.key] = 'Choose an option';
        set(f.type === 'radio' ? null : '');
      } else if (!f.options.includes(value)) errors[f.key] = `"${truncate(value)}" is not one of the options`;
      else set(value);
      continue;
    }
    const limit = f.type === 'textarea' ? MAX_TEXTAREA : MAX_TEXT;
    if (value.length > limit) {
      errors[f.key] = `This field takes at most ${limit.toLocaleString('en')} characters (${value.length.toLocaleString('en')} were sent)`;
      continue;
    }
    const empty = (f.type === 'password' ? value : value.trim()) === '';
    if (empty) {
      if (f.required) errors[f.key] = 'This field is required';
      set(f.type === 'number' ? null : f.type === 'hiddenField' ? value : '');
      continue;
    }
    switch (f.type) {
      case 'number': {
        const n = Number(value.trim());
        if (!Number.isFinite(n)) errors[f.key] = 'Enter a number';
        else set(n);
        break;
      }
      case 'email':
        if (!EMAIL.test(value.trim())) errors[f.key] = 'Enter a valid email address, like name@example.com';
        else set(value.trim());
        break;
      case 'date': {
        const m = DATE.exec(value.trim());
        const d = m ? DateTime.fromObject({ year: +m[1], month: +m[2], day: +m[3] }, { zone: 'UTC' }) : undefined;
        if (!d?.isValid) errors[f.key] = 'Enter a date as YYYY-MM-DD';
        else set(f.formatDate ? d.toFormat(f.formatDate) : value.trim());
        break;
      }
      case 'text':
        set(value.trim());
        break;
      default:
        set(value);
    }
  }
  return { json, files, errors, values };
}

function accepted(u: UploadedFormFile, accept: string[]): boolean {
  const name = u.fileName.toLowerCase();
  const mime = u.mimeType.toLowerCase();
  return accept.some((a) => (a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? mime.startsWith(a.slice(0, -1)) : mime === a));
}

function truncate(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** n8n's submittedAt: now, in the workflow's time zone or UTC. */
export function submittedAt(timezone: string | undefined): string {
  return DateTime.now()
    .setZone(timezone ?? 'UTC')
    .toISO()!;
}
