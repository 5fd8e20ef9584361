import { Group } from '@mantine/core';
import { AssigneeSelect } from '@/components/quotes/assignee-select';
import type { FollowUpSubject } from '@/lib/vocabulary/follow-ups';
import type { StaffUser } from './follow-up-actions';
import { RemindButton } from './remind-button';

type Props = { subject: FollowUpSubject; quoteId: string; assigneeId: string | null; users: StaffUser[]; meId: string };

/** «In carico a» and «Ricordami» on a quote's or a request's page. */
export function QuoteOwnerBar({ subject, quoteId, assigneeId, users, meId }: Props) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="quote-owner-bar">
      <AssigneeSelect quoteId={quoteId} assigneeId={assigneeId} users={users} />
      <RemindButton subject={subject} targetId={quoteId} users={users} meId={meId} />
    </Group>
  );
}
