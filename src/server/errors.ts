// Errors a handler or repository throws to answer with a 4xx. The single error handler
// (rest/errorHandler.ts) turns them into `{ code, message, hint? }`; anything else is a 500.
export class HttpError extends Error {
  readonly statusCode: number;
  readonly hint?: string;
  constructor(statusCode: number, message: string, hint?: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.hint = hint;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, hint?: string) {
    super(400, message, hint);
  }
}

/** A run refused for node issues (spec 001 §5, §8): the body also carries the issues per node. */
export class WorkflowHasIssuesError extends BadRequestError {
  readonly issues: Record<string, string[]>;
  constructor(message: string, issues: Record<string, string[]>) {
    super(message);
    this.issues = issues;
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, hint?: string) {
    super(409, message, hint);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(message: string) {
    super(503, message);
  }
}
