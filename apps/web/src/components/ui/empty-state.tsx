import type { ReactNode } from 'react';

/** 'Nenhum registro encontrado.' and friends: a quiet panel where a list would be. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="empty-state text-body-secondary">{children}</div>;
}
