import type { ErrorCode } from '@acervo/contract/errors';
import type { ValidationCode } from '@acervo/contract/validation';

/** A failure the client caused or may see; the error handler turns it into the error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Field path → validation code (the client words it; `message` is the sentence for people). */
    readonly fields?: Record<string, ValidationCode>,
    /** What a client words `message` with in its language (`ErrorBody['error']['params']`). */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const forbidden = () => new AppError(403, 'FORBIDDEN', 'Você não tem permissão para esta ação.');
export const unauthenticated = () =>
  new AppError(401, 'UNAUTHENTICATED', 'Entre com a sua conta para continuar.');
export const validationFailed = (fields: Record<string, ValidationCode>) =>
  new AppError(400, 'VALIDATION_FAILED', 'Verifique os campos destacados.', fields);
