import type { ErrorCode } from '@acervo/contract/errors';

/** A failure the client caused or may see; the error handler turns it into the error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const forbidden = () => new AppError(403, 'FORBIDDEN', 'Você não tem permissão para esta ação.');
export const unauthenticated = () =>
  new AppError(401, 'UNAUTHENTICATED', 'Entre com a sua conta para continuar.');
export const validationFailed = (fields: Record<string, string>) =>
  new AppError(400, 'VALIDATION_FAILED', 'Verifique os campos destacados.', fields);
