// The spec's account rules (src/model/users.ts) as 400 answers at the REST boundary.
import { isValidEmail, nameProblem, normaliseEmail, passwordProblem } from '../../model/users.ts';
import { BadRequestError } from '../errors.ts';

export function checkedEmail(raw: string): string {
  const email = normaliseEmail(raw);
  if (!email) throw new BadRequestError('Email is required');
  if (!isValidEmail(email)) throw new BadRequestError(`${email} is not a valid email`);
  return email;
}

export function checkedNames(body: { firstName: string; lastName: string }): { firstName: string; lastName: string } {
  const problem = nameProblem(body.firstName, 'First name') ?? nameProblem(body.lastName, 'Last name');
  if (problem) throw new BadRequestError(problem);
  return { firstName: body.firstName.trim(), lastName: body.lastName.trim() };
}

export function checkedPassword(password: string): string {
  const problem = passwordProblem(password);
  if (problem) throw new BadRequestError(problem, 'Passwords need at least 8 characters, including at least 1 number and 1 capital letter.');
  return password;
}
