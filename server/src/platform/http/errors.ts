import { MSG } from '@gsl/contract';

export interface FieldError {
  field: string;
  message: string;
}

/** The one error vocabulary (architecture §3): code mirrors the HTTP status, msg is Chinese. */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly details?: FieldError[] | unknown,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, details?: FieldError[]) => new AppError(400, msg, details);
export const unauthorized = (msg: string = MSG.notLoggedIn) => new AppError(401, msg);
export const forbidden = (msg: string = MSG.forbidden) => new AppError(403, msg);
export const notFound = (msg: string = MSG.notFound) => new AppError(404, msg);
