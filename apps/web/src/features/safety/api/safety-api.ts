import type {
  adminReportPageResponse,
  auditPageResponse,
  BlockedPerson,
  ModerationAction,
  RelationState,
  Report,
  ReportBody,
} from '@acervo/contract/safety';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

const enc = encodeURIComponent;

type ReportPage = z.infer<typeof adminReportPageResponse>;
type AuditPage = z.infer<typeof auditPageResponse>;

/** The safety routes of the contract (`packages/contract/src/safety.ts`), one function each. */
export const safetyApi = {
  setRelation: (userId: string, kind: 'block' | 'mute', on: boolean) =>
    on
      ? api.put<RelationState>(`/user/${enc(userId)}/${kind}`)
      : api.delete<RelationState>(`/user/${enc(userId)}/${kind}`),
  blocked: () => api.get<BlockedPerson[]>('/user/blocked'),
  report: (body: ReportBody) => api.post<Report>('/reports', body),
  appealHidden: (body: { target_type: 'collection' | 'item'; target_id: string; text: string }) =>
    api.post<Report>('/moderation/appeal', body),
  appealSuspension: (body: { token: string; text: string }) =>
    api.post<{ appealed: true }>('/moderation/appeal/suspension', body),
  reports: (status: 'open' | 'resolved', cursor?: string) =>
    api.page<ReportPage>(`/admin/reports?status=${status}`, cursor),
  resolve: (id: string, action: ModerationAction, note?: string) =>
    api.post<Report>(`/admin/reports/${enc(id)}/resolve`, { action, ...(note ? { note } : {}) }),
  audit: (cursor?: string) => api.page<AuditPage>('/admin/audit', cursor),
  blockedTerms: () => api.get<string[]>('/admin/blocked_terms'),
  addBlockedTerm: (term: string) => api.put<string[]>('/admin/blocked_terms', { term }),
  removeBlockedTerm: (term: string) => api.delete<string[]>(`/admin/blocked_terms?term=${enc(term)}`),
};
