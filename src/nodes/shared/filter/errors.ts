// A filter condition that cannot be evaluated (values of the wrong type), with n8n's wording.

export class FilterError extends Error {
  description: string;
  context: { itemIndex?: number; [key: string]: unknown } = {};
  constructor(message: string, description: string) {
    super(message);
    this.name = 'FilterError';
    this.description = description;
  }
}
