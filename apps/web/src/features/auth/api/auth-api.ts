import type { RegistrationBody, Session, SessionBody } from '@acervo/contract/auth';
import { api } from '../../../lib/api-client';

export function createSession(body: SessionBody): Promise<Session> {
  return api.post<Session>('/session', body);
}

export function createAccount(body: RegistrationBody): Promise<Session | undefined> {
  return api.post<Session | undefined>('/registration', body);
}
