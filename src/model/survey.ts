// The personalization survey, version 'v3' (spec 002 §3 survey answers and option lists, §4
// conditional fields), shared by the editor's form and the server's check of POST /me/survey.
// Keys and values are n8n's, so answers read the same in both products.

export const SURVEY_VERSION = 'v3';

export type Option = { value: string; label: string };

export const COMPANY_TYPES: Option[] = [
  { value: 'saas', label: 'SaaS' },
  { value: 'ecommerce', label: 'eCommerce' },
  { value: 'digital-agency', label: 'Digital agency or consultant' },
  { value: 'systems-integrator', label: 'Systems integrator' },
  { value: 'education', label: 'Education' },
  { value: 'other', label: 'Other' },
  { value: 'personal', label: "I'm not using Switchyard for work" },
];

export const INDUSTRIES: Option[] = [
  { value: 'finance-insurance-industry', label: 'Finance or insurance' },
  { value: 'government', label: 'Government' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'it-industry', label: 'IT' },
  { value: 'legal-industry', label: 'Legal' },
  { value: 'msp', label: 'Managed service provider' },
  { value: 'marketing-industry', label: 'Marketing' },
  { value: 'media-industry', label: 'Media' },
  { value: 'manufacturing-industry', label: 'Manufacturing' },
  { value: 'physical-retail-or-services', label: 'Physical retail or services' },
  { value: 'real-estate-or-construction', label: 'Real estate or construction' },
  { value: 'security-industry', label: 'Security' },
  { value: 'telecoms', label: 'Telecoms' },
  { value: 'other', label: 'Other (please specify)' },
];

export const AUTOMATION_GOALS: Option[] = [
  { value: 'customer-integrations', label: 'Customer integrations' },
  { value: 'customer-support', label: 'Customer support' },
  { value: 'engineering', label: 'Engineering or DevOps' },
  { value: 'finance-accounting', label: 'Finance or accounting' },
  { value: 'hr', label: 'HR' },
  { value: 'operations', label: 'Operations' },
  { value: 'product', label: 'Product' },
  { value: 'sales-marketing', label: 'Sales and marketing' },
  { value: 'security', label: 'Security' },
  { value: 'other', label: 'Other (please specify)' },
  { value: 'not-sure-yet', label: 'Not sure yet' },
];

export const SALES_MARKETING_GOALS: Option[] = [
  { value: 'lead-generation', label: 'Lead generation, enrichment or routing' },
  { value: 'customer-communication', label: 'Customer communication' },
  { value: 'actions', label: 'Actions in apps when customers do something' },
  { value: 'ad-campaign', label: 'Ad campaigns' },
  { value: 'reporting', label: 'Reporting' },
  { value: 'data-syncing', label: 'Syncing data between apps' },
  { value: 'other', label: 'Other (please specify)' },
];

export const USAGE_MODES: Option[] = [
  { value: 'connect-internal-db', label: 'Connect to my own product or database' },
  { value: 'build-be-services', label: 'Build back-end services (APIs, webhooks)' },
  { value: 'manipulate-files', label: 'Read, write or change files' },
];

export const COMPANY_SIZES: Option[] = [
  { value: '<20', label: 'Fewer than 20 people' },
  { value: '20-99', label: '20–99 people' },
  { value: '100-499', label: '100–499 people' },
  { value: '500-999', label: '500–999 people' },
  { value: '1000+', label: '1,000 or more people' },
  { value: 'personalUser', label: "I'm not using Switchyard for work" },
];

export interface SurveyAnswers {
  version: typeof SURVEY_VERSION;
  personalization_survey_submitted_at: string;
  personalization_survey_n8n_version: string;
  companyType?: string | null;
  companyIndustryExtended?: string[] | null;
  otherCompanyIndustryExtended?: string[] | null;
  automationGoal?: string | null;
  otherAutomationGoal?: string | null;
  automationGoalSm?: string[] | null;
  automationGoalSmOther?: string | null;
  usageModes?: string[] | null;
  companySize?: string | null;
}

/** The questions the form shows for these answers (spec 002 §4 conditional fields). */
export function visibleQuestions(a: Partial<SurveyAnswers>): Set<keyof SurveyAnswers> {
  const shown = new Set<keyof SurveyAnswers>(['companyType']);
  if (a.companyType === 'other') shown.add('companyIndustryExtended');
  if (shown.has('companyIndustryExtended') && a.companyIndustryExtended?.includes('other')) shown.add('otherCompanyIndustryExtended');
  const forWork = a.companyType !== 'personal';
  if (forWork) shown.add('automationGoal');
  if (forWork && a.automationGoal === 'other') shown.add('otherAutomationGoal');
  if (forWork && a.automationGoal === 'sales-marketing') shown.add('automationGoalSm');
  if (shown.has('automationGoalSm') && a.automationGoalSm?.includes('other')) shown.add('automationGoalSmOther');
  shown.add('usageModes');
  if (forWork) shown.add('companySize');
  return shown;
}

/** Questions with their own heading in the form; the 'other' texts sit inside their question. */
const HEADED: ReadonlyArray<keyof SurveyAnswers> = ['companyType', 'companyIndustryExtended', 'automationGoal', 'automationGoalSm', 'usageModes', 'companySize'];
const COUNT_WORDS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six'];

/** The form's intro: counts the questions these answers show (2 to 6), so it stays true as they change. */
export function surveyIntro(a: Partial<SurveyAnswers>): string {
  const shown = visibleQuestions(a);
  const n = HEADED.filter((k) => shown.has(k)).length;
  return `${COUNT_WORDS[n] ?? n} quick question${n === 1 ? '' : 's'}, all optional.`;
}

const OPTIONS: Partial<Record<keyof SurveyAnswers, Option[]>> = {
  companyType: COMPANY_TYPES,
  companyIndustryExtended: INDUSTRIES,
  automationGoal: AUTOMATION_GOALS,
  automationGoalSm: SALES_MARKETING_GOALS,
  usageModes: USAGE_MODES,
  companySize: COMPANY_SIZES,
};
const LISTS = new Set<string>(['companyIndustryExtended', 'otherCompanyIndustryExtended', 'automationGoalSm', 'usageModes']);
const TEXTS = new Set<string>(['otherCompanyIndustryExtended', 'otherAutomationGoal', 'automationGoalSmOther']);
const META = new Set<string>(['version', 'personalization_survey_submitted_at', 'personalization_survey_n8n_version']);
export const MAX_SURVEY_TEXT = 300;

/** The answer of one question, as the form holds it. */
export function isEmptyAnswer(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/**
 * Checks a submitted survey: version 'v3', known keys only, values from the option lists, free
 * texts bounded, and no answer to a question the other answers hide. The error names the field.
 */
export function checkSurveyAnswers(input: unknown): { ok: true; answers: SurveyAnswers } | { ok: false; error: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, error: 'The answers must be an object' };
  const a = input as Record<string, unknown>;
  if (a.version !== SURVEY_VERSION) return { ok: false, error: `"version" must be "${SURVEY_VERSION}"` };
  for (const [key, value] of Object.entries(a)) {
    if (META.has(key)) {
      if (typeof value !== 'string' || value.length > 64) return { ok: false, error: `"${key}" must be a short text` };
      continue;
    }
    const options = OPTIONS[key as keyof SurveyAnswers];
    if (!options && !TEXTS.has(key)) return { ok: false, error: `"${key}" is not a question of the survey` };
    if (isEmptyAnswer(value)) continue;
    const values = LISTS.has(key) ? value : [value];
    if (!Array.isArray(values) || values.length > 20) return { ok: false, error: `"${key}" must be ${LISTS.has(key) ? 'a list' : 'one value'}` };
    for (const v of values) {
      if (typeof v !== 'string') return { ok: false, error: `"${key}" must hold text` };
      if (options && !options.some((o) => o.value === v)) return { ok: false, error: `"${v.slice(0, 40)}" is not an answer to "${key}"` };
      if (!options && (v.length > MAX_SURVEY_TEXT || v.trim() === '')) return { ok: false, error: `"${key}" must be 1 to ${MAX_SURVEY_TEXT} characters` };
    }
  }
  const shown = visibleQuestions(a as Partial<SurveyAnswers>);
  for (const key of Object.keys(a)) {
    if (META.has(key) || isEmptyAnswer(a[key])) continue;
    if (!shown.has(key as keyof SurveyAnswers)) return { ok: false, error: `"${key}" does not apply to the other answers` };
  }
  return { ok: true, answers: a as unknown as SurveyAnswers };
}

/** Any question answered (an empty survey only closes the dialog, spec 002 §4). */
export function hasAnswers(a: Partial<SurveyAnswers>): boolean {
  return Object.entries(a).some(([k, v]) => !META.has(k) && !isEmptyAnswer(v));
}

/** Short names of the questions, for the owner's table. */
export const QUESTION_NAMES: Record<string, string> = {
  companyType: 'Company',
  companyIndustryExtended: 'Industries',
  otherCompanyIndustryExtended: 'Other industry',
  automationGoal: 'Automates for',
  otherAutomationGoal: 'Other team',
  automationGoalSm: 'Sales and marketing',
  automationGoalSmOther: 'Other sales and marketing',
  usageModes: 'Will',
  companySize: 'Company size',
};

/** The label of an answer value, for the owner's table. */
export function answerLabel(key: string, value: string): string {
  return (OPTIONS[key as keyof SurveyAnswers]?.find((o) => o.value === value)?.label ?? value).replace(' (please specify)', '');
}

/** n8n's email check (VALID_EMAIL_REGEX): local-part@domain. */
export const VALID_EMAIL = /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && VALID_EMAIL.test(email.trim());
}
